/**
 * The operator's risk view (merged into domain/ops/contract.ts): `GET /ops/risk` (`npm run ops --
 * risk`) and the per-pair net exposure cap (`POST /ops/risk/exposure-cap`, `npm run ops --
 * exposure-cap`). Amounts are USDT decimal strings; server/ops/risk.ts answers them.
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';

/** What flowed in and out of the insurance fund over a period. */
export interface InsuranceFlows {
  /** Liquidation fees paid into the fund (futures liquidations). */
  fees_in: string;
  /** Shortfalls the fund paid: futures closes beyond the account's equity and loan liquidations. */
  shortfalls_out: string;
}

/** One futures pair with live trades: the platform is every position's counterparty. */
export interface RiskPair {
  match_id: number;
  symbol: string;
  /** The market source's last price, or null when the pair has none yet (then the USDT values are null). */
  mark: string | null;
  /** Σ number × mark × quote_usdt of open longs / shorts. */
  long_oi: string | null;
  short_oi: string | null;
  /** Open positions on the pair. */
  positions: number;
  /** Σ long − Σ short of open and entrusted trades × mark: positive, the platform is short that much. */
  net: string | null;
  /** The net exposure cap in force and whose it is. */
  cap: string;
  cap_source: 'operator' | 'default';
  /** |net| / cap in percent (2 decimals), null when unknown or the cap is 0. */
  cap_used: string | null;
}

/** An account among the largest by exposure: Σ |value at mark| of its open positions. */
export interface RiskAccount {
  user_id: number;
  email: string | null;
  positions: number;
  value: string;
  margin: string;
}

export interface OpsRisk {
  /** When this was computed (the server's clock, ms). */
  at: number;
  insurance: {
    /** The fund's USDT balance, every shard summed. */
    balance: string;
    all_time: InsuranceFlows;
    last_24h: InsuranceFlows;
  };
  bad_debt: {
    /** The platform's recorded loss: minus the bad_debt account's USDT balance. */
    total: string;
    /** Closes, liquidations and loan liquidations that booked some. */
    count: number;
  };
  pairs: RiskPair[];
  top_accounts: RiskAccount[];
}

export interface OpsExposureCap {
  match_id: number;
  symbol: string;
  max: string;
  /** The cap in force before (the operator's or the category default). */
  previous: string;
}

export const riskOpsEndpoints = {
  '/risk': endpoint<OpsRisk>()({ method: 'GET', access: 'operator', input: z.object({}) }),
  /** Sets a futures pair's net exposure cap (USDT); the symbol and the amount are checked by the handler, with a clear message. */
  '/risk/exposure-cap': endpoint<OpsExposureCap>()({
    method: 'POST',
    access: 'operator',
    input: z.object({
      symbol: z.union([z.string(), z.number().transform(String)]).pipe(z.string().trim().min(1).max(32)),
      max: z.union([z.string(), z.number().transform(String)]).pipe(z.string().trim().min(1).max(40)),
    }),
  }),
};
