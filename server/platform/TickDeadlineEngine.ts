/**
 * An engine that settles each item at the first recorded price at or after its deadline: the
 * seconds options (expiry) and the mini game's rounds (close). Leader only. It keeps the open
 * items in memory (loaded at start, added after each commit, reloaded every few seconds so items
 * made on another node are seen; hourly on a node alone, `reloadEvery`) and settles each exactly once:
 *
 * - on every market tick, each open item of that pair whose deadline is at or before the tick's
 *   time settles at that tick's price and time (`by: 'tick'`);
 * - a timer on the injected clock checks deadlines too: an item whose pair's last recorded tick
 *   is already at or after its deadline settles at it (a tick that arrived before the item was
 *   tracked);
 * - a tick may decide only within the area's grace after the deadline (`tickGraceMs`). An item
 *   whose pair did not trade from its deadline until the grace ran out (a quiet pair, a stalled
 *   feed) settles at the pair's last trade before the deadline — the price in force at that
 *   moment — rather than at whatever tick comes minutes later (`by: 'record'`, the trade's time);
 *   when that trade is no longer the pair's latest (the engine looked late), from the record
 *   (`prices.lastPriceAt`);
 * - an item whose deadline passed while no engine ran (the server was down, or this node was not
 *   leading) settles at start from the price record the same way.
 *
 * The work runs after the tick, one item at a time per id, each in its own transaction that
 * re-checks under locks (the area's `settle`): a restart or a second try never settles twice.
 */
import type { Ticker } from '../../domain/market/types';
import type { PriceRecord } from '../audit/PriceRecord';
import type { Clock } from '../clock';
import type { ClusterBus } from './cluster/ClusterBus';
import { reloadEvery } from './reloadEvery';
import type { MarketSource, MarketTick } from '../market/MarketSource';

const CHECK_EVERY_MS = 1_000;
const RELOAD_EVERY_MS = 2_000;

/** The price that decided an item, and which rule chose it. */
export interface DeadlinePrice {
  price: string;
  ts: number;
  by: 'tick' | 'record';
}

/** What an area tells the engine about its items. */
export interface TickDeadlineArea<Row extends { id: number; symbol: string }> {
  /** Names the engine in its log lines ("options engine"). */
  name: string;
  /** The moment whose first recorded price decides the item. */
  deadline(row: Row): number;
  /** How late after the deadline a tick may still decide it; later, the price record decides. */
  tickGraceMs: number;
  /** Still to settle. */
  isOpen(row: Row): boolean;
  /** Every open item in the database. */
  loadOpen(): Promise<Row[]>;
  /** Settles one item in its own transaction (a no-op when it already is). */
  settle(id: number, decider: DeadlinePrice): Promise<unknown>;
  /** Tells the engine of each committed change. */
  onChange(listener: (row: Row) => void): void;
}

export class TickDeadlineEngine<Row extends { id: number; symbol: string }> {
  /** Open items by symbol, then id. */
  private readonly bySymbol = new Map<string, Map<number, Row>>();
  private readonly work = new Map<number, Promise<unknown>>();
  private stops: (() => void)[] = [];
  private reloading: Promise<void> | null = null;
  /** When this engine began running: a deadline before it passed while no engine watched the ticks. */
  private startedAt = Number.POSITIVE_INFINITY;
  private running = false;

  constructor(
    private readonly area: TickDeadlineArea<Row>,
    private readonly deps: {
      clock: Clock;
      bus: ClusterBus;
      market: MarketSource;
      prices: PriceRecord;
      log: { error(obj: unknown, msg: string): void };
    },
  ) {
    area.onChange((row) => this.track(row));
  }

  async start(): Promise<void> {
    this.running = true;
    this.startedAt = this.deps.clock.now();
    await this.reload();
    this.stops.push(
      this.deps.market.onTick((tick) => this.onTick(tick)),
      this.deps.clock.every(CHECK_EVERY_MS, () => this.sweep()),
      this.deps.clock.every(reloadEvery(this.deps.bus, RELOAD_EVERY_MS), () => void this.reload()),
    );
    // Catch up: what came due while no engine ran settles from the record.
    this.sweep();
  }

  async stop(): Promise<void> {
    this.running = false;
    for (const stop of this.stops) stop();
    this.stops = [];
    await this.idle();
  }

  /** Resolves once every queued settlement has run (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.work.size || this.reloading) await Promise.all([...this.work.values(), this.reloading]);
  }

  /** Takes a committed item into the working set (or out of it, once settled). */
  track(row: Row): void {
    const open = this.bySymbol.get(row.symbol) ?? new Map<number, Row>();
    if (this.area.isOpen(row)) open.set(row.id, row);
    else open.delete(row.id);
    if (open.size) this.bySymbol.set(row.symbol, open);
    else this.bySymbol.delete(row.symbol);
  }

  private onTick(tick: MarketTick): void {
    for (const ticker of tick.tickers) this.check(ticker.symbol, ticker);
  }

  /** The timer's check: deadlines missed by the ticks (or by the engine) are settled. */
  private sweep(): void {
    if (!this.running) return;
    for (const symbol of [...this.bySymbol.keys()]) this.check(symbol, this.deps.market.ticker(symbol));
  }

  /**
   * Every open item of the pair whose deadline the ticker has reached settles at it, if the tick
   * came within the grace; past the grace with no tick in time, from the record.
   */
  private check(symbol: string, ticker: Ticker | undefined): void {
    const open = this.bySymbol.get(symbol);
    if (!open?.size) return;
    // A venue gone silent decides nothing: its last price is not the price at a deadline (docs/MARKET.md).
    if (ticker?.stale) return;
    const now = this.deps.clock.now();
    for (const row of open.values()) {
      const deadline = this.area.deadline(row);
      const late = deadline + this.area.tickGraceMs;
      if (deadline < this.startedAt) this.fromRecord(row, deadline);
      else if (ticker && deadline <= ticker.ts) {
        if (ticker.ts <= late) this.run(row, () => this.area.settle(row.id, { price: ticker.price, ts: ticker.ts, by: 'tick' }));
        else this.fromRecord(row, deadline);
      } else if (now > late) {
        // The pair has not traded since before the deadline: its last trade is the price at the
        // deadline. A venue's pair asks the record, which holds the minutes the venue traded while
        // this node heard nothing (fetched when it spoke again).
        if (ticker && !ticker.venue) this.run(row, () => this.area.settle(row.id, { price: ticker.price, ts: ticker.ts, by: 'record' }));
        else this.fromRecord(row, deadline);
      }
    }
  }

  /** A deadline no tick decided in time: the last recorded price at that moment. */
  private fromRecord(row: Row, deadline: number): void {
    this.run(row, async () => {
      const recorded = await this.deps.prices.lastPriceAt(row.symbol, deadline);
      if (!recorded) {
        this.deps.log.error({ id: row.id, symbol: row.symbol, at: deadline }, `${this.area.name}: no recorded price at the deadline yet`);
        return;
      }
      await this.area.settle(row.id, { ...recorded, by: 'record' });
    });
  }

  /** Runs one item's settlement once at a time; it leaves the working set when it settled (track). */
  private run(row: Row, fn: () => Promise<unknown>): void {
    if (!this.running || this.work.has(row.id)) return;
    const done = fn()
      .catch((error: unknown) => this.deps.log.error({ err: error, id: row.id }, `${this.area.name}: settlement failed (retried)`))
      .finally(() => this.work.delete(row.id));
    this.work.set(row.id, done);
  }

  /** Reloads the working set from the database (items made through another node); one at a time. */
  private reload(): Promise<void> {
    this.reloading ??= (async () => {
      try {
        const rows = await this.area.loadOpen();
        this.bySymbol.clear();
        for (const row of rows) this.track(row);
      } catch (error) {
        this.deps.log.error({ err: error }, `${this.area.name}: reload failed`);
      } finally {
        this.reloading = null;
      }
    })();
    return this.reloading;
  }
}
