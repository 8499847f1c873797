/**
 * The futures auditor (docs/AUDIT.md "Futures"): every row of `futures_settlements` is
 * re-derived from the trade's stored inputs, the price record and the same domain formulas that
 * settled it (domain/futures/formulas.ts), and its ledger operation (same key) is read back and
 * compared leg by leg. One mismatch per settlement row that does not recompute, naming the row.
 *
 * What is stored and what is derived: the trade row stores side, lots, number, multiple, limit,
 * take-profit and stop-loss prices, open price, quote_usdt, margin, fees and the result; each
 * settlement row stores the deciding mark, its tick time and the amounts. The pair's contract
 * size, spread, fee and overnight rates and liquidation threshold are code (server/futures/settings.ts),
 * read here as they are now: a settings change would need those stored per trade first. What the
 * account held when a close or an overnight fee ran (the split between user, insurance and
 * margin) comes from the journal's balance-after of the user's leg.
 */
import type { AuditMismatch, AuditSection } from '../../domain/audit/types';
import { Decimal, type DecimalValue } from '../../domain/decimal';
import {
  closeSplit,
  contractNumber,
  handlingFee,
  limitFillPrice,
  limitFills,
  liquidationFee,
  margin as marginFor,
  mustLiquidate,
  openPrice,
  overnightFee,
  profit,
  restingFill,
  riskRate,
  stillOwed,
  stopTriggered,
} from '../../domain/futures/formulas';
import type { CloseReason, FuturesSettings } from '../../domain/futures/types';
import type { AuditContext, Auditor } from '../audit/registry';
import { auditScope } from '../audit/scope';
import type { Queryable } from '../db/db';
import { feesFor, fundEmptied, holderName, type Holder, type Ledger, type PostedOperation } from '../ledger/Ledger';
import type { MarketSource } from '../market/MarketSource';
import type { AuditSettlementRow, FuturesRepository, TradeRow } from './FuturesRepository';
import { LEVER, USDT_ID } from './trading/terms';
import { futuresSettings } from './settings';

/** Trades read per page. */
const PAGE = 200;

/** Settlement kind → the trade's close reason. */
const CLOSE_KINDS: Record<string, CloseReason> = {
  close: 'manual',
  batch: 'batch',
  take_profit: 'take_profit',
  stop_loss: 'stop_loss',
  liquidation: 'liquidation',
};

/** The ledger kind each settlement kind posts. */
const LEDGER_KIND = { fill: 'futures_open', cancel: 'futures_cancel', close: 'futures_close', overnight: 'futures_overnight' } as const;

interface ExpectedLeg {
  holder: Holder;
  available?: DecimalValue;
  frozen?: DecimalValue;
}

/** One position closed by a liquidation; a liquidation closes all of a user's positions in one transaction. */
interface LiquidationClose {
  row: number;
  userId: number;
  createdAt: number;
  tradeId: number;
  walletBefore: Decimal | null;
  margin: Decimal;
  pnl: Decimal;
  threshold: Decimal;
  /** The liquidation fee stored, and what it is recomputed from once the whole liquidation is known. */
  fee: Decimal;
  feeDue: { mark: string; number: string; quoteUsdt: string; rate: string };
}

/** The closes of one liquidation are written within this long of each other (one transaction). */
const ONE_LIQUIDATION_MS = 1_000;

const dec = (v: DecimalValue) => new Decimal(v);
const text = (v: DecimalValue | null) => (v === null ? 'null' : new Decimal(v).toFixed());

export interface FuturesAuditDeps {
  db: Queryable;
  repo: FuturesRepository;
  ledger: Ledger;
  market: MarketSource;
}

export function futuresAuditor(deps: FuturesAuditDeps): Auditor {
  return { kind: 'futures', audit: (ctx) => auditFutures(deps, ctx) };
}

/**
 * The name a leg is compared under: the treasury's over all its rows (a close pays on the user's
 * shard, and a refill or sweep of the float moves money between the shard and the main row in the
 * same operation, server/ledger/TreasuryFloat.ts), any other holder's as the ledger names it.
 */
const compared = (h: Holder) => ('platform' in h && h.platform === 'treasury' ? 'platform:treasury' : holderName(h));

/** Sums legs by the name they are compared under; a name whose sum is zero moved nothing. */
function byName(legs: readonly ExpectedLeg[]): Map<string, { available: Decimal; frozen: Decimal }> {
  const sums = new Map<string, { available: Decimal; frozen: Decimal }>();
  for (const leg of legs) {
    const name = compared(leg.holder);
    const sum = sums.get(name) ?? { available: dec(0), frozen: dec(0) };
    sums.set(name, { available: sum.available.plus(leg.available ?? 0), frozen: sum.frozen.plus(leg.frozen ?? 0) });
  }
  for (const [name, sum] of sums) if (sum.available.isZero() && sum.frozen.isZero()) sums.delete(name);
  return sums;
}

/** Differences between a posted ledger operation and the legs the settlement implies (USDT only). */
function compareLedger(op: PostedOperation | undefined, key: string, kind: string, expected: ExpectedLeg[]): string[] {
  if (!op) return [`ledger operation ${key} missing`];
  const problems: string[] = [];
  if (op.kind !== kind) problems.push(`ledger kind ${op.kind}, expected ${kind}`);
  const want = byName(expected);
  const got = byName(op.legs.filter((l) => l.currencyId === USDT_ID));
  if (op.legs.some((l) => l.currencyId !== USDT_ID)) problems.push('ledger legs in another currency than USDT');
  for (const [name, sum] of want) {
    const leg = got.get(name);
    if (!leg) problems.push(`ledger leg of ${name} missing`);
    else if (!sum.available.eq(leg.available) || !sum.frozen.eq(leg.frozen)) {
      problems.push(
        `ledger leg of ${name} ${text(leg.available)}/${text(leg.frozen)} posted, ${text(sum.available)}/${text(sum.frozen)} recomputed (available/frozen)`,
      );
    }
  }
  for (const name of got.keys()) if (!want.has(name)) problems.push(`unexpected ledger leg of ${name}`);
  return problems;
}

/** What the user's lever USDT balance held before `op` ran, from the journal (after − delta); null without such a leg. */
function walletBefore(op: PostedOperation | undefined, userId: number): Decimal | null {
  const leg = op?.legs.find(
    (l) => 'userId' in l.holder && l.holder.userId === userId && l.holder.account === LEVER && l.currencyId === USDT_ID,
  );
  return leg ? dec(leg.availableAfter).minus(leg.available) : null;
}

async function auditFutures(deps: FuturesAuditDeps, ctx: AuditContext): Promise<AuditSection> {
  const mismatches: AuditMismatch[] = [];
  const liquidations: LiquidationClose[] = [];
  let settled = 0;
  let after = 0;
  const only = await auditScope(ctx, 'futures');

  for (;;) {
    const { trades, settlements } = await deps.repo.auditPage(after, PAGE, only);
    if (!trades.length) break;
    after = trades[trades.length - 1]!.id;
    const keys = settlements.map((s) => s.key);
    for (const t of trades) if (t.kind === 'limit') keys.push(`futures:${t.id}:submit`);
    const ops = await deps.ledger.operations(deps.db, keys);
    const byTrade = new Map<number, AuditSettlementRow[]>();
    for (const s of settlements) byTrade.set(s.trade_id, [...(byTrade.get(s.trade_id) ?? []), s]);

    for (const t of trades) {
      const rows = byTrade.get(t.id) ?? [];
      settled += rows.length;
      const problems = await auditTrade(deps, ctx, t, rows, ops, liquidations);
      for (const s of rows) {
        const found = problems.get(s.id);
        if (found?.length)
          mismatches.push({ kind: 'futures', id: s.id, detail: `trade ${t.id} ${s.kind} (${s.key}): ${found.join('; ')}` });
      }
    }
  }

  // A liquidation must have been due: the account's risk rate at the deciding marks, with what it
  // held before the first close, at or below the threshold.
  // Grouped by user, in the order they were written: the first close's journal shows what the account held.
  liquidations.sort((a, b) => a.userId - b.userId || a.row - b.row);
  const groups: LiquidationClose[][] = [];
  for (const c of liquidations) {
    const group = groups[groups.length - 1];
    const first = group?.[0];
    if (first && first.userId === c.userId && c.createdAt - first.createdAt <= ONE_LIQUIDATION_MS) group.push(c);
    else groups.push([c]);
  }
  for (const group of groups) {
    const first = group[0]!;
    if (first.walletBefore === null) continue;
    const margin = group.reduce((sum, c) => sum.plus(c.margin), dec(0));
    const pnl = group.reduce((sum, c) => sum.plus(c.pnl), dec(0));
    const threshold = Decimal.max(...group.map((c) => c.threshold));
    const rate = riskRate(first.walletBefore, margin, pnl);
    // In the order they closed: what returns most (margin + P&L) first, and each fee = the fee due,
    // capped by what the account had left less the losses still to close.
    const backs = group.map((c) => c.margin.plus(c.pnl));
    for (const [i, c] of group.entries()) {
      if (i > 0 && backs[i]!.gt(backs[i - 1]!)) {
        mismatches.push({ kind: 'futures', id: c.row, detail: `liquidation of trade ${c.tradeId} closed before one that returned more` });
      }
      if (c.walletBefore === null) continue;
      const fee = liquidationFee({ ...c.feeDue, equityLeft: c.walletBefore.plus(backs[i]!).plus(stillOwed(backs, i)) });
      if (!fee.eq(c.fee)) {
        mismatches.push({
          kind: 'futures',
          id: c.row,
          detail: `liquidation fee of trade ${c.tradeId} ${c.fee.toFixed()} stored, ${fee.toFixed()} recomputed`,
        });
      }
    }
    if (!mustLiquidate(rate, threshold)) {
      mismatches.push({
        kind: 'futures',
        id: first.row,
        detail: `liquidation of trades ${group.map((c) => c.tradeId).join(', ')} not due: risk rate ${rate?.toFixed(2) ?? 'none'} above ${threshold.toFixed()}`,
      });
    }
  }
  mismatches.sort((a, b) => a.id - b.id);
  // The running net exposure the size limits read (kept by a trigger) equals the sum over the live
  // trades, pair by pair; a difference is named by the pair's id.
  for (const e of await deps.repo.exposureCheck()) {
    if (!dec(e.kept).eq(e.summed))
      mismatches.push({
        kind: 'futures',
        id: e.match_id,
        detail: `pair ${e.match_id} net exposure ${e.kept} kept, ${e.summed} summed from its live trades`,
      });
  }
  return { kind: 'futures', settled, mismatches };
}

/** Re-derives one trade's settlements in the order they happened; answers the problems by settlement row id. */
async function auditTrade(
  deps: FuturesAuditDeps,
  ctx: AuditContext,
  t: TradeRow,
  rows: AuditSettlementRow[],
  ops: Map<string, PostedOperation>,
  liquidations: LiquidationClose[],
): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  const pair = deps.market.pairs.find((p) => p.id === t.match_id);
  if (!pair) {
    for (const s of rows) out.set(s.id, [`unknown pair ${t.match_id}`]);
    return out;
  }
  const settings: FuturesSettings = futuresSettings(pair);
  const user: Holder = { userId: t.user_id, account: LEVER };
  const number = contractNumber(t.share, settings.contract_size);
  /** The margin held against the position: set by the fill, reduced by each overnight fee taken from it. */
  let held: Decimal | null = null;
  let overnight = dec(0);

  for (const s of rows) {
    const problems: string[] = [];
    out.set(s.id, problems);
    const same = (label: string, stored: DecimalValue | null, recomputed: DecimalValue | null) => {
      const equal = stored === null || recomputed === null ? stored === recomputed : dec(stored).eq(recomputed);
      if (!equal) problems.push(`${label} ${text(stored)} stored, ${text(recomputed)} recomputed`);
    };
    if (s.user_id !== t.user_id) problems.push(`settlement of user ${s.user_id} on a trade of user ${t.user_id}`);
    const outside = await ctx.prices.check(t.symbol, s.tick_ts, s.price);
    if (outside) problems.push(outside);
    const op = ops.get(s.key);

    if (s.kind === 'fill') {
      same('number', t.number, number);
      const submitKey = `futures:${t.id}:submit`;
      const submitted = ops.get(submitKey);
      let open: Decimal;
      let m: Decimal;
      let fee: Decimal;
      if (t.kind === 'limit') {
        if (!limitFills(t.side, s.price, t.target_price!))
          problems.push(`limit ${t.side} at ${t.target_price} not crossed by ${text(s.price)}`);
        const target = dec(t.target_price!).toDecimalPlaces(settings.price_decimals);
        if (submitted) {
          // A limit order that waited: the better of its limit and the execution price, margin and fee never above what it froze.
          const f = restingFill({
            side: t.side,
            limit: target,
            mark: s.price,
            number,
            multiple: t.multiple,
            quoteUsdt: t.quote_usdt,
            frozenMargin: marginFor(target, number, t.multiple, t.quote_usdt),
            frozenFee: handlingFee(target, number, settings.fee_rate, t.quote_usdt),
            settings,
          });
          open = f.price;
          m = f.margin;
          fee = f.fee;
          problems.push(
            ...compareLedger(submitted, submitKey, 'futures_order', [
              { holder: user, available: m.plus(fee).plus(f.release).neg(), frozen: m.plus(fee).plus(f.release) },
            ]),
            ...compareLedger(op, s.key, LEDGER_KIND.fill, [
              { holder: user, frozen: fee.plus(f.release).neg(), available: f.release },
              { holder: feesFor(t.user_id), available: fee },
            ]),
          );
        } else {
          // A limit the market crossed when it was placed: filled at once, at the better of its limit and the execution price.
          open = limitFillPrice(t.side, target, s.price, settings.spread, settings.price_decimals);
        }
      } else {
        open = openPrice(t.side, s.price, settings.spread, settings.price_decimals);
      }
      if (!submitted) {
        m = marginFor(open, number, t.multiple, t.quote_usdt);
        fee = handlingFee(open, number, settings.fee_rate, t.quote_usdt);
        problems.push(
          ...compareLedger(op, s.key, LEDGER_KIND.fill, [
            { holder: user, available: m.plus(fee).neg(), frozen: m },
            { holder: feesFor(t.user_id), available: fee },
          ]),
        );
      }
      same('open price', t.open_price, open);
      same('margin', s.margin, m!);
      same('fee', s.fee, fee!);
      same('trade fee', t.fee, fee!);
      held = m!;
    } else if (s.kind === 'cancel') {
      if (t.status !== 'cancelled') problems.push(`trade is ${t.status}, not cancelled`);
      const target = dec(t.target_price ?? 0).toDecimalPlaces(settings.price_decimals);
      const m = marginFor(target, number, t.multiple, t.quote_usdt);
      const fee = handlingFee(target, number, settings.fee_rate, t.quote_usdt);
      same('margin', s.margin, m);
      same('fee', s.fee, fee);
      problems.push(...compareLedger(op, s.key, LEDGER_KIND.cancel, [{ holder: user, available: m.plus(fee), frozen: m.plus(fee).neg() }]));
    } else if (s.kind.startsWith('overnight:')) {
      const day = s.kind.slice('overnight:'.length);
      if (held === null || t.open_price === null) {
        problems.push('overnight fee on a trade that never opened');
      } else {
        if (t.opened_at === null || t.opened_at >= Date.parse(`${day}T00:00:00Z`)) problems.push(`position not open before ${day} began`);
        const due = overnightFee(t.open_price, t.number, settings.overnight_rate, t.quote_usdt);
        const fromMargin = Decimal.min(due, held);
        same('margin', s.margin, fromMargin);
        const wallet = walletBefore(op, t.user_id);
        // Without a user leg nothing moved: the fee could take nothing (no margin left, nothing available).
        const fromAvailable = wallet === null ? dec(0) : Decimal.min(due.minus(fromMargin), Decimal.max(wallet, 0));
        const charged = fromMargin.plus(fromAvailable);
        same('fee', s.fee, charged);
        if (charged.gt(0)) {
          problems.push(
            ...compareLedger(op, s.key, LEDGER_KIND.overnight, [
              { holder: user, frozen: fromMargin.neg(), available: fromAvailable.neg() },
              { holder: feesFor(t.user_id), available: charged },
            ]),
          );
        } else if (op) problems.push(`ledger operation ${s.key} posted for a fee of 0`);
        held = held.minus(fromMargin);
        overnight = overnight.plus(charged);
      }
    } else if (s.kind in CLOSE_KINDS) {
      const reason = CLOSE_KINDS[s.kind]!;
      if (held === null || t.open_price === null) {
        problems.push('close of a trade that never opened');
      } else {
        if (t.status !== 'closed') problems.push(`trade is ${t.status}, not closed`);
        if (t.close_reason !== reason) problems.push(`trade close reason ${t.close_reason}, settlement ${reason}`);
        same('close price', t.close_price, s.price);
        const pnl = profit(t.side, t.open_price, s.price, t.number, t.quote_usdt);
        same('profit', s.profit, pnl);
        same('trade profit', t.profit, pnl);
        same('margin', s.margin, held);
        same('trade margin', t.margin, held);
        if (reason === 'take_profit' || reason === 'stop_loss') {
          const fired = stopTriggered(t.side, s.price, t.target_profit_price, t.stop_loss_price);
          if (fired !== reason) {
            problems.push(
              `${reason} not reached at ${text(s.price)} (take-profit ${t.target_profit_price ?? '--'}, stop-loss ${t.stop_loss_price ?? '--'})`,
            );
          }
        }
        // Margin ± P&L (less a liquidation's fee, from what the account has left) goes back to
        // available; what the account cannot cover, the insurance fund takes as far as it held, and
        // the rest is bad debt.
        const wallet = walletBefore(op, t.user_id);
        const back = held.plus(pnl);
        // A liquidation's fee depends on the positions its transaction closes after this one (the
        // losses still owed): checked exactly per liquidation below; here only its bounds.
        const fee = reason === 'liquidation' ? dec(s.fee) : dec(0);
        if (reason === 'liquidation') {
          const most = liquidationFee({
            mark: s.price,
            number: t.number,
            quoteUsdt: t.quote_usdt,
            rate: settings.liquidation_fee_rate,
            equityLeft: wallet === null ? dec(s.fee) : wallet.plus(back),
          });
          if (fee.lt(0) || fee.gt(most)) problems.push(`liquidation fee ${text(s.fee)} stored, at most ${most.toFixed()}`);
        } else same('fee', s.fee, fee);
        // Without a user leg nothing moved for the user: what the fund and bad debt took is all there is.
        const { toAvailable, shortfall } =
          wallet === null ? { toAvailable: back.minus(fee), shortfall: dec(s.insurance).plus(s.bad_debt) } : closeSplit(wallet, back, fee);
        if (!dec(s.insurance).plus(s.bad_debt).eq(shortfall))
          problems.push(
            `insurance ${text(s.insurance)} + bad debt ${text(s.bad_debt)} stored, shortfall ${shortfall.toFixed()} recomputed`,
          );
        if (dec(s.bad_debt).gt(0) && !fundEmptied(op, USDT_ID)) problems.push('bad debt booked while the insurance fund held money');
        problems.push(
          ...compareLedger(op, s.key, LEDGER_KIND.close, [
            { holder: user, frozen: held.neg(), available: toAvailable },
            { holder: { platform: 'treasury' }, available: pnl.neg() },
            { holder: { platform: 'insurance' }, available: fee.minus(s.insurance) },
            { holder: { platform: 'bad_debt' }, available: dec(s.bad_debt).neg() },
          ]),
        );
        if (reason === 'liquidation') {
          liquidations.push({
            row: s.id,
            userId: t.user_id,
            createdAt: s.created_at,
            tradeId: t.id,
            walletBefore: wallet,
            margin: held,
            pnl,
            threshold: dec(settings.liquidation_risk),
            fee,
            feeDue: { mark: s.price, number: t.number, quoteUsdt: t.quote_usdt, rate: settings.liquidation_fee_rate },
          });
        }
      }
    } else {
      problems.push(`unknown settlement kind ${s.kind}`);
    }
  }

  // The trade's running totals agree with its settlements (named on its last row).
  const last = rows[rows.length - 1];
  if (last && held !== null) {
    const problems = out.get(last.id)!;
    if (!dec(t.overnight_fee).eq(overnight))
      problems.push(`trade overnight fees ${t.overnight_fee} stored, ${overnight.toFixed()} settled`);
    if (t.status === 'open' && !dec(t.margin).eq(held)) problems.push(`trade margin ${t.margin} stored, ${held.toFixed()} recomputed`);
  }
  return out;
}
