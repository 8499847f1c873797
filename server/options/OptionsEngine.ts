/**
 * The seconds options engine (leader only, docs/OPTIONS.md "Engine"). It keeps the pending
 * options in memory (loaded at start, added after each commit, reloaded every few seconds so
 * options placed on another node are seen) and settles each exactly once:
 *
 * - on every market tick, each pending option of that pair whose expiry is at or before the
 *   tick's time settles at that tick's price and time: the first recorded price at or after
 *   its expiry (`decided_by` 'tick');
 * - a timer on the injected clock checks expiries too: an option whose pair's last recorded tick
 *   is already at or after its expiry settles at it (a tick that arrived before the option was
 *   tracked); one on a quiet pair waits for the pair's next tick;
 * - an option whose expiry passed while no engine was running (the server was down, or this
 *   node was not leading) settles at start from the price record: `prices.priceAt(symbol,
 *   expires_at)` (`decided_by` 'record').
 *
 * The work runs after the tick, one option at a time per key, each in its own transaction that
 * re-checks under locks (OptionsService.settle): a restart or a second try never settles twice.
 */
import type { Ticker } from '../../domain/market/types';
import type { PriceRecord } from '../audit/PriceRecord';
import type { Clock } from '../clock';
import type { MarketSource, MarketTick } from '../market/MarketSource';
import type { OptionRow, OptionsRepository } from './OptionsRepository';
import type { Decider, OptionsService } from './OptionsService';

const CHECK_EVERY_MS = 1_000;
const RELOAD_EVERY_MS = 2_000;

export class OptionsEngine {
  /** Pending options by symbol, then id. */
  private readonly bySymbol = new Map<string, Map<number, OptionRow>>();
  private readonly work = new Map<number, Promise<unknown>>();
  private stops: (() => void)[] = [];
  private reloading: Promise<void> | null = null;
  /** When this engine began running: an expiry before it passed while no engine watched the ticks. */
  private startedAt = Number.POSITIVE_INFINITY;
  private running = false;

  constructor(
    private readonly deps: {
      clock: Clock;
      market: MarketSource;
      repo: OptionsRepository;
      service: OptionsService;
      prices: PriceRecord;
      log: { error(obj: unknown, msg: string): void };
    },
  ) {
    deps.service.onChange((row) => this.track(row));
  }

  async start(): Promise<void> {
    this.running = true;
    this.startedAt = this.deps.clock.now();
    await this.reload();
    this.stops.push(
      this.deps.market.onTick((tick) => this.onTick(tick)),
      this.deps.clock.every(CHECK_EVERY_MS, () => this.sweep()),
      this.deps.clock.every(RELOAD_EVERY_MS, () => void this.reload()),
    );
    // Catch up: what expired while no engine ran settles from the record.
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

  /** Takes a committed option into the working set (or out of it, once settled). */
  track(row: OptionRow): void {
    const pending = this.bySymbol.get(row.symbol) ?? new Map<number, OptionRow>();
    if (row.status === 'pending') pending.set(row.id, row);
    else pending.delete(row.id);
    if (pending.size) this.bySymbol.set(row.symbol, pending);
    else this.bySymbol.delete(row.symbol);
  }

  private onTick(tick: MarketTick): void {
    for (const ticker of tick.tickers) this.checkTicker(ticker);
  }

  /** Every pending option of the ticker's pair whose expiry the tick has reached settles at it. */
  private checkTicker(ticker: Ticker): void {
    const pending = this.bySymbol.get(ticker.symbol);
    if (!pending?.size) return;
    for (const o of pending.values()) {
      if (o.expires_at < this.startedAt) this.fromRecord(o);
      else if (o.expires_at <= ticker.ts) this.settle(o, { price: ticker.price, ts: ticker.ts, by: 'tick' });
    }
  }

  /** The timer's check: expiries missed by the ticks (or by the engine) are settled. */
  private sweep(): void {
    if (!this.running) return;
    for (const [symbol, pending] of this.bySymbol) {
      const ticker = this.deps.market.ticker(symbol);
      for (const o of pending.values()) {
        if (o.expires_at < this.startedAt) this.fromRecord(o);
        else if (ticker && o.expires_at <= ticker.ts) this.settle(o, { price: ticker.price, ts: ticker.ts, by: 'tick' });
      }
    }
  }

  /** An expiry no engine saw: the recorded price of that moment (the open of its one-minute bar). */
  private fromRecord(o: OptionRow): void {
    this.run(o, async () => {
      const recorded = await this.deps.prices.priceAt(o.symbol, o.expires_at);
      if (!recorded) {
        this.deps.log.error({ id: o.id, symbol: o.symbol, at: o.expires_at }, 'options engine: no recorded price at expiry yet');
        return;
      }
      await this.deps.service.settle(o.id, { ...recorded, by: 'record' });
    });
  }

  private settle(o: OptionRow, decider: Decider): void {
    this.run(o, () => this.deps.service.settle(o.id, decider));
  }

  /** Runs one option's settlement once at a time; it leaves the working set when it settled (track). */
  private run(o: OptionRow, fn: () => Promise<unknown>): void {
    if (!this.running || this.work.has(o.id)) return;
    const done = fn()
      .catch((error: unknown) => this.deps.log.error({ err: error, id: o.id }, 'options engine: settlement failed (retried)'))
      .finally(() => this.work.delete(o.id));
    this.work.set(o.id, done);
  }

  /** Reloads the working set from the database (options placed through another node); one at a time. */
  private reload(): Promise<void> {
    this.reloading ??= (async () => {
      try {
        const rows = await this.deps.repo.allPending();
        this.bySymbol.clear();
        for (const row of rows) this.track(row);
      } catch (error) {
        this.deps.log.error({ err: error }, 'options engine: reload failed');
      } finally {
        this.reloading = null;
      }
    })();
    return this.reloading;
  }
}
