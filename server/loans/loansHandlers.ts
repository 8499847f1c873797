import type { HandlerMap } from '../http/context';
import type { LoansService } from './LoansService';

/** The `/loan/*` endpoints (domain/loans/contract.ts). Money calls run their effect in `ctx.tx` (idempotency keys). */
export function createLoansHandlers(loans: LoansService): HandlerMap {
  return {
    '/loan/terms': async () => loans.terms(),
    '/loan/borrow': async (input, ctx) => loans.borrow(ctx.user.id, input, ctx.tx),
    '/loan/repay': async (input, ctx) => loans.repay(ctx.user.id, input, ctx.tx),
    '/loan/addCollateral': async (input, ctx) => loans.addCollateral(ctx.user.id, input, ctx.tx),
    '/loan/list': async (input, ctx) => loans.list(ctx.user.id, input.status, { page: input.page, limit: input.limit }),
    '/loan/detail': async (input, ctx) => loans.detail(ctx.user.id, input.id),
  };
}
