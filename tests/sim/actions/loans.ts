/**
 * Loans (docs/LOANS.md): users buy a collateral coin with USDT (the exchange), borrow USDT
 * against the coin held in the coin account — mostly within the coin's initial LTV, sometimes past
 * it or under the minimum, which the server must refuse — repay part or all of the debt, and add
 * collateral. Interest accrues daily as the clock moves; liquidations come from the price walk
 * and the flash moves.
 */
import { Decimal } from '../../../domain/decimal';
import { ACCOUNTS } from '../../../domain/funds/formulas';
import { maxBorrowable } from '../../../domain/loans/formulas';
import { LOAN_TERMS, loanTerms } from '../../../domain/loans/terms';
import { DAY_MS } from '../../../domain/time';
import { drawFault, shareOf } from '../faults';
import { isOk } from '../http';
import type { Ctx, Fault, SimUser } from '../types';
import type { AreaModule, Query } from './area';
import { IDENTITY_CHOICE, identityFirst } from './otc';

const USDT = 3;
/** Collateral coins are written with the coin's 8 decimals; USDT amounts here with 2 (what the app's keypad gives). */
const COIN_DECIMALS = 8;
/** The loans engine's periodic sweep (`LoansEngine` retryEveryMs): an interest day is late only past this. */
const ACCRUAL_GRACE_MS = 5 * 60_000;
/** How far past its liquidation LTV a loan may sit at the last price before it counts as missed (interest accrued since the last tick). */
const LIQUIDATION_SLACK = '1.01';

const countLoans = (ctx: Ctx, user: SimUser) => async () =>
  Number((await ctx.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM loans WHERE user_id = $1', [user.id]))[0]!.n);

/** The user's loan history rows of `kind` (each repayment and each top-up writes exactly one). */
const countEvents = (ctx: Ctx, user: SimUser, kind: string) => async () =>
  Number(
    (
      await ctx.query<{ n: number }>(
        'SELECT COUNT(*)::int AS n FROM loan_events e JOIN loans l ON l.id = e.loan_id WHERE l.user_id = $1 AND e.kind = $2',
        [user.id, kind],
      )
    )[0]!.n,
  );

async function available(ctx: Ctx, user: SimUser, currency: number): Promise<string | null> {
  const detail = await ctx.call<{ available: string }>(user, '/wallet/detail', { currency: String(currency), type: 'change' }, 'GET');
  return isOk(detail) ? detail.body.message.available : null;
}

interface LoanPick {
  id: string;
  user_id: string;
  currency_id: number;
  principal: string;
  interest: string;
}

/**
 * One of the simulated users' open loans, picked by the action's chance, with who acts on it: its
 * borrower, or (`foreign`) another user, who must get "no such loan". Null when there is none.
 */
async function pickLoan(ctx: Ctx, foreign: boolean): Promise<{ loan: LoanPick; user: SimUser } | null> {
  const rows = await ctx.query<LoanPick>(
    `SELECT id::text, user_id::text, currency_id, principal::text, interest::text FROM loans WHERE status = 'open' ORDER BY id`,
  );
  if (!rows.length) return null;
  const loan = ctx.rng.pick(rows);
  const users = ctx.users.filter((x) => (String(x.id) === loan.user_id) !== foreign);
  return users.length ? { loan, user: ctx.rng.pick(users) } : null;
}

/** Buys `coin` with `share` % of the coin account's USDT, at the market rate (`/user/Transfer`). */
async function buyCoin(ctx: Ctx, user: SimUser, coin: number, share: number, fault: Fault): Promise<'ok' | 'refused' | 'skipped'> {
  const usdt = await available(ctx, user, USDT);
  if (usdt === null) return 'refused';
  const amount = shareOf(usdt, share, 2);
  if (Number(amount) <= 0) return 'skipped';
  const answer = await ctx.money(user, {
    path: '/user/Transfer',
    params: { number: amount, from_currency_id: String(USDT), to_currency_id: String(coin) },
    fault,
    effects: async () =>
      Number((await ctx.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM exchanges WHERE user_id = $1', [user.id]))[0]!.n),
  });
  return isOk(answer) ? 'ok' : 'refused';
}

const COINS = LOAN_TERMS.map((t) => t.currency);

export const loans: AreaModule = {
  actions: [
    {
      kind: 'loanCoin',
      area: 'loans',
      weight: 1,
      byUser: true,
      // Buys a collateral coin with a share of the coin account's USDT (the exchange at the market rate).
      gen: (rng) => ({ coin: rng.pick(COINS), share: rng.int(5, 40), fault: drawFault(rng) }),
      async run(ctx, user, a) {
        const u = user!;
        // Only a user who may borrow (identity level 1) buys collateral for it.
        if (!u.verified) return 'skipped';
        return buyCoin(ctx, u, loanTerms(String(a.coin))!.currency_id, Number(a.share), a.fault as Fault);
      },
    },
    {
      kind: 'loanBorrow',
      area: 'loans',
      weight: 4,
      byUser: true,
      gen: (rng) => ({
        coin: rng.weighted([
          ['BTC', 3],
          ['ETH', 3],
          ['BNB', 1],
          ['SOL', 1],
          ['LTC', 1],
        ] as const),
        // The share of the coin held pledged, and the borrow as a percent of what that collateral may borrow.
        share: rng.int(20, 100),
        ltv: rng.weighted([
          [rng.int(30, 85), 5],
          [rng.int(85, 99), 4],
          [rng.int(105, 140), 1],
        ] as const),
        // With none of the coin held, buy some first with this share of the coin account's USDT (0: don't).
        buy: rng.chance(0.9) ? rng.int(10, 50) : 0,
        tiny: rng.chance(0.04),
        identity: rng.weighted(IDENTITY_CHOICE),
        fault: drawFault(rng),
      }),
      async run(ctx, user, a) {
        const u = user!;
        const stop = await identityFirst(ctx, u, a.identity);
        if (stop) return stop;
        let terms = loanTerms(String(a.coin))!;
        let held = await available(ctx, u, terms.currency_id);
        if (held === null) return 'refused';
        if (Number(held) <= 0) {
          // None of the coin asked for: another collateral coin the user holds, if any.
          const others = await ctx.query<{ currency_id: number }>(
            `SELECT currency_id FROM balances WHERE user_id = $1 AND account = $2 AND available > 0 AND currency_id = ANY($3::int[]) ORDER BY currency_id`,
            [u.id, ACCOUNTS.change, `{${LOAN_TERMS.map((t) => t.currency_id).join(',')}}`],
          );
          if (others.length) {
            terms = loanTerms(Number(ctx.rng.pick(others).currency_id))!;
            held = await available(ctx, u, terms.currency_id);
            if (held === null) return 'refused';
          }
        }
        if (Number(held) <= 0 && Number(a.buy) > 0) {
          const bought = await buyCoin(ctx, u, terms.currency_id, Number(a.buy), a.fault as Fault);
          if (bought !== 'ok') return bought;
          held = await available(ctx, u, terms.currency_id);
          if (held === null) return 'refused';
        }
        const collateral = shareOf(held, Number(a.share), COIN_DECIMALS);
        if (Number(collateral) <= 0) return 'skipped';
        // What the server allows, at the market's last price (the simulation's own).
        const max = maxBorrowable(collateral, ctx.prices.text(terms.symbol), terms.initial_ltv);
        let amount = max.mul(Number(a.ltv)).div(100).toDecimalPlaces(2, Decimal.ROUND_DOWN);
        let outside: string | null = null;
        if (a.tiny) {
          amount = new Decimal(terms.min_borrow).div(2);
          outside = `below the minimum ${terms.min_borrow}`;
        } else if (amount.gt(max)) outside = `above the most ${max.toFixed()} the collateral may borrow`;
        else {
          amount = Decimal.min(amount, terms.max_borrow);
          if (amount.lt(terms.min_borrow)) return 'skipped';
        }
        const answer = await ctx.money<{ id: number }>(u, {
          path: '/loan/borrow',
          params: { currency: terms.currency, collateral, amount: amount.toFixed() },
          fault: a.fault as never,
          effects: countLoans(ctx, u),
        });
        if (!isOk(answer)) return 'refused';
        if (!u.verified) ctx.violation(`loan ${answer.body.message.id} was granted to user ${u.id}, who has no identity level 1`);
        if (outside)
          ctx.violation(
            `loan ${answer.body.message.id} of ${amount.toFixed()} USDT against ${collateral} ${terms.currency} was granted though ${outside}`,
          );
        return 'ok';
      },
    },
    {
      kind: 'loanRepay',
      area: 'loans',
      weight: 3,
      // A borrower comes back to repay (the loan, and so its borrower, is chosen when it runs).
      byUser: false,
      gen: (rng) => ({
        // Mostly part of the debt, so loans stay open long enough to accrue and to meet the flash moves.
        how: rng.weighted([
          ['part', 8],
          ['all', 2],
          ['tooMuch', 1],
        ] as const),
        share: rng.int(5, 90),
        // Someone else's loan, which must be "no such loan".
        foreign: rng.chance(0.04),
        fault: drawFault(rng),
      }),
      async run(ctx, _user, a) {
        const picked = await pickLoan(ctx, Boolean(a.foreign));
        if (!picked) return 'skipped';
        const { loan, user: u } = picked;
        // The debt as it stands (an interest day falling due in the call only makes "all" a part).
        const debt = new Decimal(loan.principal).plus(loan.interest);
        const amount =
          a.how === 'all'
            ? debt.toFixed()
            : a.how === 'tooMuch'
              ? debt.mul(1.5).plus(1).toDecimalPlaces(6, Decimal.ROUND_DOWN).toFixed()
              : shareOf(debt.toFixed(), Number(a.share), 6);
        if (Number(amount) <= 0) return 'skipped';
        const answer = await ctx.money(u, {
          path: '/loan/repay',
          params: { id: loan.id, amount },
          fault: a.fault as never,
          effects: countEvents(ctx, u, 'repay'),
        });
        if (isOk(answer) && a.foreign) ctx.violation(`user ${u.id} repaid loan ${loan.id} of user ${loan.user_id}`);
        if (isOk(answer) && a.how === 'tooMuch')
          ctx.violation(`loan ${loan.id} took a repayment of ${amount} USDT on a debt of ${debt.toFixed()}`);
        return isOk(answer) ? 'ok' : 'refused';
      },
    },
    {
      kind: 'loanCollateral',
      area: 'loans',
      weight: 3,
      // A borrower comes back to add collateral (the loan, and so its borrower, is chosen when it runs).
      byUser: false,
      // `foreign`: someone else's loan, which must be "no such loan".
      gen: (rng) => ({ share: rng.int(10, 100), foreign: rng.chance(0.05), fault: drawFault(rng) }),
      async run(ctx, _user, a) {
        const picked = await pickLoan(ctx, Boolean(a.foreign));
        if (!picked) return 'skipped';
        const { loan, user: u } = picked;
        const held = await available(ctx, u, loan.currency_id);
        if (held === null) return 'refused';
        const amount = shareOf(held, Number(a.share), COIN_DECIMALS);
        if (Number(amount) <= 0) return 'skipped';
        const answer = await ctx.money(u, {
          path: '/loan/addCollateral',
          params: { id: loan.id, amount },
          fault: a.fault as never,
          effects: countEvents(ctx, u, 'collateral'),
        });
        if (isOk(answer) && a.foreign) ctx.violation(`user ${u.id} added collateral to loan ${loan.id} of user ${loan.user_id}`);
        return isOk(answer) ? 'ok' : 'refused';
      },
    },
  ],
  due: [
    // Interest day n accrues at created_at + (n − 1) days (day 1 at the borrow), by the engine's timer or its sweep.
    async (query: Query, now: number) =>
      (
        await query<{ id: string; days: number; at: string }>(
          `SELECT id::text, days_accrued AS days, (created_at + days_accrued * ${DAY_MS}::bigint)::text AS at FROM loans
           WHERE status = 'open' AND created_at + days_accrued * ${DAY_MS}::bigint < $1 ORDER BY id LIMIT 5`,
          [now - ACCRUAL_GRACE_MS],
        )
      ).map(
        (r) =>
          `loan ${r.id} has accrued ${r.days} interest days, and day ${Number(r.days) + 1} fell due at ${new Date(Number(r.at)).toISOString()}`,
      ),
    // The engine liquidates on the tick that takes a loan's LTV to its liquidation line; the last price is the last minute bar's close.
    async (query: Query) =>
      (
        await query<{ id: string; ltv: string; line: string; price: string; symbol: string }>(
          `SELECT l.id::text, ((l.principal + l.interest) / (l.collateral * k.close))::text AS ltv, l.liquidation_ltv::text AS line,
             k.close::text AS price, p.symbol
           FROM loans l
           JOIN currencies c ON c.id = l.currency_id
           JOIN pairs p ON p.symbol = c.name || '/USDT'
           JOIN LATERAL (SELECT close FROM klines WHERE pair_id = p.id AND period = '1min' ORDER BY t DESC LIMIT 1) k ON TRUE
           WHERE l.status = 'open' AND l.collateral > 0
             AND l.principal + l.interest >= l.collateral * k.close * l.liquidation_ltv * ${LIQUIDATION_SLACK}
           ORDER BY l.id LIMIT 5`,
        )
      ).map(
        (r) =>
          `loan ${r.id} is at LTV ${new Decimal(r.ltv).toDecimalPlaces(4).toFixed()} at the last ${r.symbol} price ${r.price}, past its liquidation line ${r.line}, and is still open`,
      ),
  ],
};
