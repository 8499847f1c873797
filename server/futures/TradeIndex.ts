/**
 * The futures engine's working set, indexed so that a market tick costs what could change rather
 * than everything open:
 *
 * - **Triggers by pair.** Every trigger fires on a mark at or below its price (a long limit, a
 *   long stop-loss, a short take-profit) or at or above it (a short limit, a long take-profit, a
 *   short stop-loss). A pair keeps the highest price of the first kind and the lowest of the
 *   second; a mark strictly between them fires nothing, and the pair's trades are not looked at.
 *   Outside that band every trade of the pair is checked exactly as before.
 * - **Liquidation risk by user.** A user's P&L at the marks is, before each position's rounding,
 *   linear in each pair's mark: Σ over pairs of (A·mark − B), with A = Σ ±number×quote and
 *   B = Σ ±open×number×quote. Each position's P&L is rounded down to `MONEY_DECIMALS`, so the
 *   rounded sum is above that linear sum less one unit per position: a lower bound costing a few
 *   operations per pair held, however many positions. The risk rate only grows with P&L, so an
 *   account whose rate at the lower bound is above the threshold cannot be at risk; only the
 *   others are checked position by position (and the transaction decides for real).
 *
 * A pair's band is recomputed lazily, once per change of its trades. A user's sums are kept as
 * trades come and go (a position in, a position out), exactly: they are held at a precision no
 * sum of positions reaches, so adding and taking away never rounds, and an order costs the same
 * however many positions its user holds.
 */
import { Decimal } from '../../domain/decimal';
import { MONEY_DECIMALS } from '../../domain/futures/formulas';
import type { TradeRow } from './FuturesTrades';

/** One unit of the last money decimal: the most a position's rounding down takes away. */
const MONEY_UNIT = new Decimal(1).div(new Decimal(10).pow(MONEY_DECIMALS));
/** Relative slack for decimal.js's 20 significant digits over the sums' magnitude. */
const PRECISION_SLACK = new Decimal('1e-15');
/**
 * The users' running sums: 100 significant digits, where a position's terms have at most ~40
 * (a price and a number of up to 18 each, a quote rate of a few), so no sum of them is rounded.
 */
const Exact = Decimal.clone({ precision: 100 });

/** Marks at or below `fallAt`, or at or above `riseAt`, may fire something; null: nothing of that kind. */
interface Band {
  fallAt: Decimal | null;
  riseAt: Decimal | null;
}

interface PairTrades {
  /** Live trades (entrusted and open) by id. */
  trades: Map<number, TradeRow>;
  /** Users with an open position here, with how many. */
  holders: Map<number, number>;
  /** Null when a trade changed since it was computed. */
  band: Band | null;
}

/** One user's open positions in one pair, summed for the P&L bound. */
interface Exposure {
  a: Decimal;
  b: Decimal;
  margin: Decimal;
  count: number;
}

interface UserPositions {
  open: Map<number, TradeRow>;
  /** By pair id, for the pairs with an open position. */
  exposure: Map<number, Exposure>;
}

const sign = (t: TradeRow) => (t.side === 'long' ? 1 : -1);

function lowest(current: Decimal | null, price: string | null): Decimal | null {
  if (price === null) return current;
  const d = new Decimal(price);
  return current === null || d.lt(current) ? d : current;
}

function highest(current: Decimal | null, price: string | null): Decimal | null {
  if (price === null) return current;
  const d = new Decimal(price);
  return current === null || d.gt(current) ? d : current;
}

function bandOf(trades: Iterable<TradeRow>): Band {
  let fallAt: Decimal | null = null;
  let riseAt: Decimal | null = null;
  for (const t of trades) {
    const long = t.side === 'long';
    if (t.status === 'entrusted') {
      if (long) fallAt = highest(fallAt, t.target_price);
      else riseAt = lowest(riseAt, t.target_price);
    } else if (long) {
      riseAt = lowest(riseAt, t.target_profit_price);
      fallAt = highest(fallAt, t.stop_loss_price);
    } else {
      fallAt = highest(fallAt, t.target_profit_price);
      riseAt = lowest(riseAt, t.stop_loss_price);
    }
  }
  return { fallAt, riseAt };
}

/** Adds an open position's terms to its pair's sums (`by` 1), or takes them away (`by` -1). */
function tally(exposure: Map<number, Exposure>, t: TradeRow, by: 1 | -1): void {
  const size = new Exact(t.number).mul(t.quote_usdt).mul(sign(t) * by);
  const e = exposure.get(t.match_id) ?? { a: new Exact(0), b: new Exact(0), margin: new Exact(0), count: 0 };
  const next = {
    a: e.a.plus(size),
    b: e.b.plus(size.mul(t.open_price!)),
    margin: by === 1 ? e.margin.plus(t.margin) : e.margin.minus(t.margin),
    count: e.count + by,
  };
  if (next.count) exposure.set(t.match_id, next);
  else exposure.delete(t.match_id);
}

export class TradeIndex {
  private readonly pairs = new Map<number, PairTrades>();
  private readonly users = new Map<number, UserPositions>();

  /** Takes a committed trade in (or out, once final); a changed trade replaces its older row. */
  track(row: TradeRow): void {
    const live = row.status === 'open' || row.status === 'entrusted';
    let pair = this.pairs.get(row.match_id);
    if (!pair) {
      pair = { trades: new Map(), holders: new Map(), band: null };
      this.pairs.set(row.match_id, pair);
    }
    const before = pair.trades.get(row.id);
    if (before?.status === 'open') this.countHolder(pair, before.user_id, -1);
    if (live) pair.trades.set(row.id, row);
    else pair.trades.delete(row.id);
    if (row.status === 'open') this.countHolder(pair, row.user_id, 1);
    pair.band = null;

    const user = this.users.get(row.user_id) ?? { open: new Map<number, TradeRow>(), exposure: new Map<number, Exposure>() };
    const was = user.open.get(row.id);
    if (was) tally(user.exposure, was, -1);
    if (row.status === 'open') {
      user.open.set(row.id, row);
      tally(user.exposure, row, 1);
    } else user.open.delete(row.id);
    if (user.open.size) this.users.set(row.user_id, user);
    else this.users.delete(row.user_id);
  }

  clear(): void {
    this.pairs.clear();
    this.users.clear();
  }

  /** Whether the user holds an open position. */
  holds(userId: number): boolean {
    return this.users.has(userId);
  }

  /** Users holding an open position. */
  holderIds(): IterableIterator<number> {
    return this.users.keys();
  }

  /** The user's open positions. */
  openOf(userId: number): Iterable<TradeRow> {
    return this.users.get(userId)?.open.values() ?? [];
  }

  /** The pairs the user holds an open position in. */
  pairsOf(userId: number): Iterable<number> {
    const user = this.users.get(userId);
    if (!user) return [];
    return user.exposure.keys();
  }

  /** The pair's live trades that `mark` may trigger: none while it is inside the pair's quiet band. */
  mayTrigger(pairId: number, mark: Decimal): Iterable<TradeRow> {
    const pair = this.pairs.get(pairId);
    if (!pair?.trades.size) return [];
    pair.band ??= bandOf(pair.trades.values());
    const { fallAt, riseAt } = pair.band;
    const quiet = (fallAt === null || mark.gt(fallAt)) && (riseAt === null || mark.lt(riseAt));
    return quiet ? [] : pair.trades.values();
  }

  /** Users with an open position in the pair. */
  holdersOf(pairId: number): Iterable<number> {
    return this.pairs.get(pairId)?.holders.keys() ?? [];
  }

  /**
   * A lower bound of the user's summed P&L (each position rounded down, as `profit`) at the marks
   * `markOf` gives, with their total margin; null when a pair has no mark.
   */
  pnlFloor(userId: number, markOf: (pairId: number) => Decimal | undefined): { pnl: Decimal; margin: Decimal } | null {
    const user = this.users.get(userId);
    if (!user) return { pnl: new Decimal(0), margin: new Decimal(0) };
    let pnl = new Decimal(0);
    let magnitude = new Decimal(0);
    let margin = new Decimal(0);
    let count = 0;
    for (const [pairId, e] of user.exposure) {
      const mark = markOf(pairId);
      if (!mark) return null;
      const long = e.a.mul(mark);
      pnl = pnl.plus(long).minus(e.b);
      magnitude = magnitude.plus(long.abs()).plus(e.b.abs());
      margin = margin.plus(e.margin);
      count += e.count;
    }
    return { pnl: pnl.minus(MONEY_UNIT.mul(count + 1)).minus(magnitude.mul(PRECISION_SLACK)), margin };
  }

  private countHolder(pair: PairTrades, userId: number, by: 1 | -1): void {
    const n = (pair.holders.get(userId) ?? 0) + by;
    if (n > 0) pair.holders.set(userId, n);
    else pair.holders.delete(userId);
  }
}
