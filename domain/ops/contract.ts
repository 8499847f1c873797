/**
 * The operator API: every endpoint once, keyed by its path under `/ops` (not `/api`), with the
 * same `endpoint`/`defineEndpoints` helpers as the user API. It is deliberately not merged into
 * `domain/api/contract.ts`: its own prefix, its own auth (the operator token in `x-ops-token`,
 * access `operator`), its own client (`server/ops/cli.ts`). `:id` in a path is filled from the
 * input's `id`.
 */
import { z } from 'zod';
import { defineEndpoints, endpoint } from '../api/endpoint';
import type { OpsCredit, OpsDeposit, OpsIdentity, OpsIdentityDecision, OpsUserPage, OpsWithdrawal } from './types';
import type { AuditReport } from '../audit/types';
import type { DepositItem, WithdrawalItem } from '../funds/types';
import { ieoOpsEndpoints } from '../ieo/ops';
import { copytradeOpsEndpoints } from '../copytrade/ops';
import { nftOpsEndpoints } from '../nft/ops';
import { otcOpsEndpoints } from '../otc/ops';
import { rewardsOpsEndpoints } from '../rewards/ops';
import { chatOpsEndpoints } from '../chat/ops';
import { supportOpsEndpoints } from '../support/ops';
import { riskOpsEndpoints } from './risk';

export const OPS_PREFIX = '/ops';

/** Path parameters and query values arrive as text (the CLI may also send numbers in JSON). */
const text = z.union([z.string(), z.number().transform(String)]);
const idParam = text.pipe(
  z
    .string()
    .regex(/^[1-9]\d{0,15}$/)
    .transform(Number),
);
const positive = (digits: number) =>
  text.pipe(
    z
      .string()
      .regex(new RegExp(`^[1-9]\\d{0,${digits - 1}}$`))
      .transform(Number),
  );
const reason = z.string().trim().min(1).max(200);
const reviewStatus = z.enum(['pending', 'approved', 'rejected', 'all']).optional().default('pending');
const withdrawalStatus = z.enum(['pending', 'completed', 'rejected', 'all']).optional().default('pending');
const decide = z.object({ id: idParam });
const reject = z.object({ id: idParam, reason });

export const opsEndpoints = defineEndpoints({
  '/users': endpoint<OpsUserPage>()({
    method: 'GET',
    access: 'operator',
    input: z.object({
      q: z.string().trim().max(100).optional(),
      page: positive(6).optional().default(1),
      limit: positive(3).optional().default(50),
    }),
  }),
  '/identities': endpoint<OpsIdentity[]>()({ method: 'GET', access: 'operator', input: z.object({ status: reviewStatus }) }),
  '/identities/:id/approve': endpoint<OpsIdentityDecision>()({ method: 'POST', access: 'operator', input: decide }),
  '/identities/:id/reject': endpoint<OpsIdentityDecision>()({ method: 'POST', access: 'operator', input: reject }),
  '/deposits': endpoint<OpsDeposit[]>()({ method: 'GET', access: 'operator', input: z.object({ status: reviewStatus }) }),
  '/deposits/:id/approve': endpoint<DepositItem>()({ method: 'POST', access: 'operator', input: decide }),
  '/deposits/:id/reject': endpoint<DepositItem>()({ method: 'POST', access: 'operator', input: reject }),
  '/withdrawals': endpoint<OpsWithdrawal[]>()({ method: 'GET', access: 'operator', input: z.object({ status: withdrawalStatus }) }),
  '/withdrawals/:id/approve': endpoint<WithdrawalItem>()({ method: 'POST', access: 'operator', input: decide }),
  '/withdrawals/:id/reject': endpoint<WithdrawalItem>()({ method: 'POST', access: 'operator', input: reject }),
  /** Money in by hand: user by id, email or phone; account by name; currency by name or id. */
  '/credit': endpoint<OpsCredit>()({
    method: 'POST',
    access: 'operator',
    idempotent: true,
    input: z.object({
      user: z.string().trim().min(1).max(254),
      account: z.string().trim().min(1).max(8),
      currency: z.string().trim().min(1).max(16),
      amount: z.string().trim().min(1).max(40),
      reason,
    }),
  }),
  /**
   * The settlement audit (`npm run audit`, docs/AUDIT.md): every registered auditor re-derives its
   * settled rows from the stored inputs and the price record; the totals and each mismatch.
   */
  '/audit': endpoint<AuditReport>()({
    method: 'GET',
    access: 'operator',
    // `after`: audit only what the ledger moved money for after this journal row (a previous report's `through`).
    input: z.object({ after: z.coerce.number().int().min(0).optional() }),
  }),
  ...ieoOpsEndpoints,
  ...copytradeOpsEndpoints,
  ...nftOpsEndpoints,
  ...otcOpsEndpoints,
  ...rewardsOpsEndpoints,
  ...chatOpsEndpoints,
  ...supportOpsEndpoints,
  ...riskOpsEndpoints,
});

export type OpsContract = typeof opsEndpoints;
export type OpsPath = keyof OpsContract;
/** What a caller sends to `P` (before defaults and transforms). */
export type OpsInputOf<P extends OpsPath> = z.input<OpsContract[P]['input']>;
/** What a handler of `P` receives (after validation). */
export type OpsParsedInputOf<P extends OpsPath> = z.output<OpsContract[P]['input']>;
/** What `P` answers in `message`. */
export type OpsOutputOf<P extends OpsPath> = Exclude<OpsContract[P]['output'], undefined>;

/** The URL path of `P` under `/ops` with its `:id` filled in, and the input left for the query or body. */
export function opsUrl<P extends OpsPath>(path: P, input: Record<string, unknown>): { url: string; rest: Record<string, unknown> } {
  const rest = { ...input };
  const url = path.replace(/:([a-z_]+)/g, (_m, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value ?? ''));
  });
  return { url: OPS_PREFIX + url, rest };
}
