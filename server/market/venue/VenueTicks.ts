/**
 * The leader's tick for the pairs a venue prices (`MARKET_SOURCE=ccxt`; docs/MARKET.md). Each
 * tick drains what the venue sent since the last: its trades, at their prices on the pair's grid,
 * roll the bars as the walk's trades do (at the time this node heard them: the record is what it
 * showed), and its current book replaces the pair's. A ticker goes out when the pair traded or
 * its staleness changed.
 *
 * Staleness: a pair the venue has been silent on for `staleMs` turns stale (its ticker says so,
 * orders on it are refused and no engine decides on it). When the venue speaks again, the
 * minutes it traded while this node heard nothing are fetched from it and folded into the record
 * first; only then does the pair turn fresh, so a deadline that fell in the outage is settled
 * from the venue's recorded minute (docs/AUDIT.md), never from the price before the outage.
 */
import type { FastifyBaseLogger } from 'fastify';
import { formatUnits } from '../../../domain/decimal';
import type { KlinePeriod } from '../../../domain/market/periods';
import { BOOK_LEVELS, TRADES_KEPT, type Kline, type Trade } from '../../../domain/market/types';
import type { Clock } from '../../clock';
import type { MarketTick } from '../MarketSource';
import { buildTicker, diffSide, type PairState } from '../pairState';
import type { TradeRecorder } from '../TickProducer';
import type { VenueFeed } from './VenueFeed';
import { bookSide, priceTicks, qtyLots } from './venueUnits';

export interface VenueTicksOptions {
  feed: VenueFeed;
  staleMs: number;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** The pairs, by symbol (the market state's live map); those with `venue` set are this class's. */
  states: ReadonlyMap<string, PairState>;
  recordTrade: TradeRecorder;
  /** Folds the venue's closed minutes from `from`'s minute to before `to`'s into the record. */
  backfillMinutes: (s: PairState, from: number, to: number) => Promise<void>;
}

/** At most one log line a minute says which pairs turned stale, and one which turned fresh. */
const LOG_EVERY_MS = 60_000;

export class VenueTicks {
  private nextTradeId: number;
  /** Pairs that turned stale or fresh since the last line that said so, and when that line was. */
  private readonly turned = {
    stale: { symbols: new Set<string>(), loggedAt: -Infinity },
    fresh: { symbols: new Set<string>(), loggedAt: -Infinity },
  };
  /** Pairs that went silent after speaking: since when (the last time the venue was heard). */
  private readonly silentSince = new Map<string, number>();
  /** Outage backfills in flight, and those done (the pair turns fresh at the next tick). */
  private readonly recovering = new Set<string>();
  private readonly recovered = new Set<string>();
  /** Counts a pair's silent ticks, so a backfill that a new silence overtook does not make it fresh. */
  private readonly silences = new Map<string, number>();

  constructor(private readonly options: VenueTicksOptions) {
    this.nextTradeId = options.clock.now() * 10;
  }

  /** Adds this tick's venue trades, books and tickers to `out`. */
  tick(out: MarketTick): void {
    const now = this.options.clock.now();
    for (const s of this.options.states.values()) if (s.venue) this.pair(s, now, out);
    this.logTurns(now);
  }

  /** A node taking the market over numbers its trades after any the old leader can have made. */
  continueTradeIds(): void {
    this.nextTradeId = Math.max(this.nextTradeId, this.options.clock.now() * 10);
  }

  private pair(s: PairState, now: number, out: MarketTick): void {
    const { feed } = this.options;
    const symbol = s.pair.symbol;
    const { priceDecimals, qtyDecimals } = s.precision;
    const update = feed.drain(symbol);
    const fresh: Trade[] = [];
    const changed = new Map<KlinePeriod, Kline[]>();
    for (const t of update.trades) {
      const ticks = priceTicks(t.price, priceDecimals);
      if (ticks === null) continue;
      const lots = qtyLots(t.qty, qtyDecimals) ?? 0n;
      s.price = ticks;
      this.options.recordTrade(s, now, lots, changed);
      fresh.push({
        id: this.nextTradeId++,
        price: formatUnits(ticks, priceDecimals),
        qty: formatUnits(lots, qtyDecimals),
        side: t.side,
        ts: now,
      });
    }
    const staleChanged = this.updateStaleness(s, now);
    if (fresh.length) {
      s.trades = [...fresh].reverse().concat(s.trades).slice(0, TRADES_KEPT);
      s.lastTs = now;
      out.trades.push({ symbol, trades: fresh });
      for (const [period, bars] of changed) out.klines.push({ symbol, period, bars });
    }
    if (fresh.length || staleChanged) {
      s.ticker = buildTicker(s);
      out.tickers.push(s.ticker);
    }
    if (update.book) {
      const bids = bookSide(update.book.bids, s.precision, 'bids', BOOK_LEVELS);
      const asks = bookSide(update.book.asks, s.precision, 'asks', BOOK_LEVELS);
      const delta = { bids: diffSide(s.bids, bids, true, s.precision), asks: diffSide(s.asks, asks, false, s.precision) };
      s.bids = bids;
      s.asks = asks;
      if (delta.bids.length || delta.asks.length) out.depth.push({ symbol, delta });
    }
  }

  /** Turns the pair stale or fresh by when the venue last spoke; true when that changed. */
  private updateStaleness(s: PairState, now: number): boolean {
    const symbol = s.pair.symbol;
    const heard = this.options.feed.lastHeard(symbol);
    const silent = heard === 0 || now - heard > this.options.staleMs;
    if (silent) {
      this.silences.set(symbol, (this.silences.get(symbol) ?? 0) + 1);
      this.recovered.delete(symbol);
      if (s.stale) return false;
      s.stale = true;
      this.silentSince.set(symbol, heard);
      this.turned.stale.symbols.add(symbol);
      return true;
    }
    if (!s.stale) return false;
    const since = this.silentSince.get(symbol);
    // Stale since the start (the venue not heard yet): the start's backfill reached the present.
    if (since !== undefined && !this.recovered.has(symbol)) {
      this.recover(s, since, now);
      return false;
    }
    this.silentSince.delete(symbol);
    this.recovered.delete(symbol);
    s.stale = false;
    if (since !== undefined) this.turned.fresh.symbols.add(symbol);
    return true;
  }

  /**
   * One line for the pairs that turned stale, one for those fresh again, at most once a minute
   * each (a flapping venue never floods the log; the next line names every pair in between).
   */
  private logTurns(now: number): void {
    for (const [state, turn] of Object.entries(this.turned)) {
      if (!turn.symbols.size || now - turn.loggedAt < LOG_EVERY_MS) continue;
      const symbols = [...turn.symbols];
      turn.symbols.clear();
      turn.loggedAt = now;
      if (state === 'stale') this.options.log.warn({ symbols }, 'venue: pairs stale; orders on them refused');
      else this.options.log.info({ symbols }, 'venue: pairs fresh again');
    }
  }

  /** Fetches the outage's minutes once; the pair turns fresh at the first tick after, whatever the fetch answered. */
  private recover(s: PairState, since: number, now: number): void {
    const symbol = s.pair.symbol;
    if (this.recovering.has(symbol)) return;
    this.recovering.add(symbol);
    const silences = this.silences.get(symbol);
    this.options
      .backfillMinutes(s, since, now)
      .catch((error: unknown) =>
        // Deadlines in the outage then settle from the last recorded price before them (docs/MARKET.md).
        this.options.log.warn(
          { symbol, err: error instanceof Error ? error.message : String(error) },
          'venue: the outage’s minutes were not fetched',
        ),
      )
      .finally(() => {
        this.recovering.delete(symbol);
        if (this.silences.get(symbol) === silences) this.recovered.add(symbol);
      });
  }
}
