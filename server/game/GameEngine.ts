/**
 * The mini game's engine (leader only; the options engine's approach, server/options/OptionsEngine.ts):
 * open rounds are kept in memory (loaded at start, added after each commit, reloaded every few
 * seconds) and each settles exactly once:
 * - on a market tick of its pair at or after its close: that tick's price and time (`tick`);
 * - by the timer on the injected clock, when the pair's last recorded tick is already at or after the close;
 * - a close that passed while no engine ran settles at start from the price record (`record`).
 * Each settlement is its own transaction that re-checks under locks (GameService.settle).
 */
import type { Ticker } from '../../domain/market/types';
import type { PriceRecord } from '../audit/PriceRecord';
import type { Clock } from '../clock';
import type { MarketSource, MarketTick } from '../market/MarketSource';
import type { GameRepository, GameRoundRow } from './GameRepository';
import type { GameDeciderPrice, GameService } from './GameService';

const CHECK_EVERY_MS = 1_000;
const RELOAD_EVERY_MS = 2_000;

export class GameEngine {
  private readonly bySymbol = new Map<string, Map<number, GameRoundRow>>();
  private readonly work = new Map<number, Promise<unknown>>();
  private stops: (() => void)[] = [];
  private reloading: Promise<void> | null = null;
  private startedAt = Number.POSITIVE_INFINITY;
  private running = false;

  constructor(
    private readonly deps: {
      clock: Clock;
      market: MarketSource;
      repo: GameRepository;
      service: GameService;
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
    this.sweep();
  }

  async stop(): Promise<void> {
    this.running = false;
    for (const stop of this.stops) stop();
    this.stops = [];
    await this.idle();
  }

  async idle(): Promise<void> {
    while (this.work.size || this.reloading) await Promise.all([...this.work.values(), this.reloading]);
  }

  track(row: GameRoundRow): void {
    const open = this.bySymbol.get(row.symbol) ?? new Map<number, GameRoundRow>();
    if (row.status === 'open') open.set(row.id, row);
    else open.delete(row.id);
    if (open.size) this.bySymbol.set(row.symbol, open);
    else this.bySymbol.delete(row.symbol);
  }

  private onTick(tick: MarketTick): void {
    for (const ticker of tick.tickers) this.check(ticker.symbol, ticker);
  }

  private sweep(): void {
    if (!this.running) return;
    for (const symbol of [...this.bySymbol.keys()]) this.check(symbol, this.deps.market.ticker(symbol));
  }

  private check(symbol: string, ticker: Ticker | undefined): void {
    const open = this.bySymbol.get(symbol);
    if (!open?.size) return;
    for (const r of open.values()) {
      if (r.closes_at < this.startedAt) this.fromRecord(r);
      else if (ticker && r.closes_at <= ticker.ts) this.settle(r, { price: ticker.price, ts: ticker.ts, by: 'tick' });
    }
  }

  private fromRecord(r: GameRoundRow): void {
    this.run(r, async () => {
      const recorded = await this.deps.prices.priceAt(r.symbol, r.closes_at);
      if (!recorded) {
        this.deps.log.error({ id: r.id, symbol: r.symbol, at: r.closes_at }, 'game engine: no recorded price at the close yet');
        return;
      }
      await this.deps.service.settle(r.id, { ...recorded, by: 'record' });
    });
  }

  private settle(r: GameRoundRow, decider: GameDeciderPrice): void {
    this.run(r, () => this.deps.service.settle(r.id, decider));
  }

  private run(r: GameRoundRow, fn: () => Promise<unknown>): void {
    if (!this.running || this.work.has(r.id)) return;
    const done = fn()
      .catch((error: unknown) => this.deps.log.error({ err: error, id: r.id }, 'game engine: settlement failed (retried)'))
      .finally(() => this.work.delete(r.id));
    this.work.set(r.id, done);
  }

  private reload(): Promise<void> {
    this.reloading ??= (async () => {
      try {
        const rows = await this.deps.repo.allOpen();
        this.bySymbol.clear();
        for (const row of rows) this.track(row);
      } catch (error) {
        this.deps.log.error({ err: error }, 'game engine: reload failed');
      } finally {
        this.reloading = null;
      }
    })();
    return this.reloading;
  }
}
