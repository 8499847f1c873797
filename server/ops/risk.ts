/**
 * The operator's risk view (docs/FUTURES.md "The operator's risk view"): `GET /ops/risk`
 * and `POST /ops/risk/exposure-cap` of domain/ops/risk.ts. Read-only except the cap: the insurance
 * fund and its flows, the platform's bad debt, per futures pair the open interest and the
 * platform's net exposure against its cap (the platform is every position's counterparty), and
 * the largest accounts. USDT values are decimal strings at the market source's current mark.
 */
import { Decimal } from '../../domain/decimal';
import { positionValue } from '../../domain/futures/formulas';
import type { OpsRisk, RiskAccount, RiskPair, riskOpsEndpoints } from '../../domain/ops/risk';
import type { Clock } from '../clock';
import type { Queryable } from '../db/db';
import type { FuturesRepository, TradeRow } from '../futures/FuturesRepository';
import { USDT_ID } from '../futures/trading/terms';
import { exposureCapOf } from '../futures/settings';
import { AppError } from '../http/AppError';
import type { MarketSource } from '../market/MarketSource';
import type { Balances } from '../ledger/Balances';
import type { LoansRepository } from '../loans/LoansRepository';
import type { UserRepository } from '../users/UserRepository';
import type { OpsHandlers } from './opsRoutes';

const DAY_MS = 86_400_000;
/** How many accounts the risk view lists. */
export const TOP_ACCOUNTS = 10;
/** A cap as the operator may write it: a plain non-negative decimal (USDT), at most 8 decimals. */
const CAP = /^\d{1,15}(\.\d{1,8})?$/;

/** A trade's side as a sign on its number. */
const signed = (t: TradeRow) => (t.side === 'long' ? new Decimal(t.number) : new Decimal(t.number).neg());

/** |net| / cap in percent with 2 decimals; null when the cap is 0. */
function share(net: Decimal, cap: Decimal): string | null {
  return cap.gt(0) ? net.abs().div(cap).mul(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2) : null;
}

export function createRiskOpsHandlers(deps: {
  db: Queryable;
  clock: Clock;
  market: MarketSource;
  repo: FuturesRepository;
  users: UserRepository;
  balances: Balances;
  loans: LoansRepository;
}): Pick<OpsHandlers, keyof typeof riskOpsEndpoints> {
  const { clock, market, repo, users } = deps;
  const markOf = (symbol: string) => market.ticker(symbol)?.price ?? null;

  const capOf = (matchId: number, caps: Map<number, string>) =>
    exposureCapOf(
      market.pairs.find((p) => p.id === matchId),
      caps.get(matchId) ?? null,
    );

  async function pairs(live: TradeRow[]): Promise<RiskPair[]> {
    const caps = await repo.exposureCaps();
    const byPair = new Map<number, TradeRow[]>();
    for (const t of live) byPair.set(t.match_id, [...(byPair.get(t.match_id) ?? []), t]);
    const out: RiskPair[] = [];
    for (const [matchId, trades] of byPair) {
      const symbol = trades[0]!.symbol;
      const mark = markOf(symbol);
      let long = new Decimal(0);
      let short = new Decimal(0);
      let net = new Decimal(0);
      let positions = 0;
      for (const t of trades) {
        // Like FuturesRepository.netNumber: open and entrusted, base units × quote_usdt.
        net = net.plus(signed(t).mul(t.quote_usdt));
        if (t.status !== 'open') continue;
        positions++;
        const units = new Decimal(t.number).mul(t.quote_usdt);
        if (t.side === 'long') long = long.plus(units);
        else short = short.plus(units);
      }
      const { cap, source } = capOf(matchId, caps);
      const netUsdt = mark === null ? null : net.mul(mark);
      out.push({
        match_id: matchId,
        symbol,
        mark,
        long_oi: mark === null ? null : long.mul(mark).toFixed(),
        short_oi: mark === null ? null : short.mul(mark).toFixed(),
        positions,
        net: netUsdt === null ? null : netUsdt.toFixed(),
        cap: cap.toFixed(),
        cap_source: source,
        cap_used: netUsdt === null ? null : share(netUsdt, cap),
      });
    }
    // The pairs nearest their cap first, then by symbol.
    return out.sort((a, b) => new Decimal(b.cap_used ?? -1).cmp(a.cap_used ?? -1) || a.symbol.localeCompare(b.symbol));
  }

  async function topAccounts(live: TradeRow[]): Promise<RiskAccount[]> {
    const byUser = new Map<number, { positions: number; value: Decimal; margin: Decimal }>();
    for (const t of live) {
      if (t.status !== 'open') continue;
      const mark = markOf(t.symbol) ?? t.open_price!;
      const entry = byUser.get(t.user_id) ?? { positions: 0, value: new Decimal(0), margin: new Decimal(0) };
      entry.positions++;
      entry.value = entry.value.plus(positionValue(mark, t.number, t.quote_usdt));
      entry.margin = entry.margin.plus(t.margin);
      byUser.set(t.user_id, entry);
    }
    const top = [...byUser].sort(([ia, a], [ib, b]) => b.value.cmp(a.value) || ia - ib).slice(0, TOP_ACCOUNTS);
    return Promise.all(
      top.map(async ([userId, a]) => ({
        user_id: userId,
        email: (await users.byId(userId))?.email ?? null,
        positions: a.positions,
        value: a.value.toFixed(),
        margin: a.margin.toFixed(),
      })),
    );
  }

  return {
    '/risk': async (): Promise<OpsRisk> => {
      const at = clock.now();
      const since = at - DAY_MS;
      const [fundText, badDebtText, futures, loanFlows, live] = await Promise.all([
        deps.balances.platformTotal('insurance', USDT_ID),
        deps.balances.platformTotal('bad_debt', USDT_ID),
        repo.insuranceFlows(since),
        deps.loans.insuranceFlows(since),
        repo.allLive(),
      ]);
      const [fund, badDebt] = [new Decimal(fundText), new Decimal(badDebtText)];
      const loans = { ...loanFlows, paidOut: new Decimal(loanFlows.paidOut), paidOutSince: new Decimal(loanFlows.paidOutSince) };
      return {
        at,
        insurance: {
          balance: fund.toFixed(),
          all_time: { fees_in: futures.feesIn, shortfalls_out: loans.paidOut.plus(futures.paidOut).toFixed() },
          last_24h: { fees_in: futures.feesInSince, shortfalls_out: loans.paidOutSince.plus(futures.paidOutSince).toFixed() },
        },
        bad_debt: { total: badDebt.neg().toFixed(), count: futures.badDebtCloses + loans.badDebtLoans },
        pairs: await pairs(live),
        top_accounts: await topAccounts(live),
      };
    },
    '/risk/exposure-cap': async ({ symbol, max }) => {
      const wanted = symbol.toUpperCase();
      const pair = market.pairBySymbol(wanted) ?? market.pairs.find((p) => String(p.id) === wanted || p.symbol.replace('/', '') === wanted);
      if (!pair) throw new AppError('errors.symbolUnknown');
      if (!CAP.test(max)) throw new AppError('validation.amountInvalid');
      const { cap: previous } = exposureCapOf(pair, await repo.exposureCap(deps.db, pair.id));
      const cap = new Decimal(max).toFixed();
      await repo.setExposureCap(pair.id, cap, clock.now());
      return { match_id: pair.id, symbol: pair.symbol, max: cap, previous: new Decimal(previous).toFixed() };
    },
  };
}
