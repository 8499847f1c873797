/**
 * The alerts engine (leader only, docs/ALERTS.md "Engine"). The armed alerts are kept in memory by
 * pair (loaded at start, updated after each commit on this node, reloaded every few seconds for
 * alerts set through another node; hourly on a node alone, `reloadEvery`). On every market tick
 * the cheap rule (`shouldFire`, decimal comparisons) decides which of the pair's alerts fire at the
 * tick's recorded price; each fire runs after the tick, queued per alert, in a transaction whose
 * conditional UPDATE makes it happen exactly once (a second node, a retry or a restart finds it
 * `triggered`). At start every armed alert is judged at the current price, so a crossing while no
 * engine ran fires then.
 */
import { shouldFire } from '../../domain/alerts/rules';
import type { Ticker } from '../../domain/market/types';
import type { Clock } from '../clock';
import type { ClusterBus } from '../platform/cluster/ClusterBus';
import { reloadEvery } from '../platform/reloadEvery';
import type { MarketSource, MarketTick } from '../market/MarketSource';
import type { AlertRow, AlertsRepository } from './AlertsRepository';
import type { AlertMark, AlertsService } from './AlertsService';

const RELOAD_EVERY_MS = 5_000;

export class AlertsEngine {
  /** Armed alerts by pair id, then alert id. */
  private readonly byPair = new Map<number, Map<number, AlertRow>>();
  private readonly queues = new Map<number, Promise<unknown>>();
  private reloading: Promise<void> | null = null;
  /** Alerts set, fired or deleted while a reload reads the table: applied again over its snapshot. */
  private changedDuringReload: { row: AlertRow; removed: boolean }[] | null = null;
  private stops: (() => void)[] = [];
  private running = false;

  constructor(
    private readonly deps: {
      clock: Clock;
      bus: ClusterBus;
      repo: AlertsRepository;
      service: AlertsService;
      market: MarketSource;
      log: { error(obj: unknown, msg: string): void };
    },
  ) {
    deps.service.onChange((row, removed) => this.track(row, removed));
  }

  async start(): Promise<void> {
    this.running = true;
    await this.reload();
    this.stops.push(
      this.deps.market.onTick((tick: MarketTick) => {
        if (tick.tickers.length) this.check(tick.tickers);
      }),
      this.deps.clock.every(reloadEvery(this.deps.bus, RELOAD_EVERY_MS), () => void this.reload()),
    );
    // Catch up: what the prices decided while no engine ran.
    this.check(this.deps.market.tickers());
    await this.idle();
  }

  async stop(): Promise<void> {
    this.running = false;
    for (const stop of this.stops) stop();
    this.stops = [];
    await this.idle();
  }

  /** Resolves once no reload or queued fire is running (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.queues.size || this.reloading) await Promise.all([...this.queues.values(), this.reloading]);
  }

  /** How many alerts are armed in memory (tests). */
  get armed(): number {
    let n = 0;
    for (const alerts of this.byPair.values()) n += alerts.size;
    return n;
  }

  /** Takes a committed alert into the working set, or out of it once triggered or deleted. */
  track(row: AlertRow, removed = false): void {
    this.changedDuringReload?.push({ row, removed });
    this.apply(row, removed);
  }

  private apply(row: AlertRow, removed: boolean): void {
    const alerts = this.byPair.get(row.match_id) ?? new Map<number, AlertRow>();
    if (row.state === 'active' && !removed) alerts.set(row.id, row);
    else alerts.delete(row.id);
    if (alerts.size) this.byPair.set(row.match_id, alerts);
    else this.byPair.delete(row.match_id);
  }

  /** Judges the alerts of each ticked pair at its recorded price; queues the fires. */
  private check(tickers: readonly Ticker[]): void {
    if (!this.running) return;
    for (const ticker of tickers) {
      const alerts = this.byPair.get(ticker.id);
      // An alert fires on a live price, not on a venue gone silent (docs/MARKET.md).
      if (!alerts?.size || ticker.stale) continue;
      const mark: AlertMark = { price: ticker.price, open: ticker.open, ts: ticker.ts };
      for (const alert of alerts.values()) {
        if (!shouldFire(alert, mark)) continue;
        // Out of the working set at once: later ticks must not queue it again.
        alerts.delete(alert.id);
        this.enqueue(alert.id, () => this.deps.service.fire(alert, mark));
      }
    }
  }

  /** Runs `work` after the alert's earlier work. */
  private enqueue(alertId: number, work: () => Promise<unknown>): void {
    const run = (this.queues.get(alertId) ?? Promise.resolve())
      .then(work)
      .catch((error: unknown) => this.deps.log.error({ err: error, alert: alertId }, 'alerts engine: fire failed'))
      .finally(() => {
        if (this.queues.get(alertId) === run) this.queues.delete(alertId);
      });
    this.queues.set(alertId, run);
  }

  /** Reloads the working set from the database (alerts set or edited through another node); one at a time. */
  private reload(): Promise<void> {
    this.reloading ??= (async () => {
      try {
        this.changedDuringReload = [];
        const rows = await this.deps.repo.active();
        this.byPair.clear();
        for (const row of rows) if (!this.queues.has(row.id)) this.apply(row, false);
        // The snapshot may predate a change committed while it was read (an alert set a moment
        // ago would vanish until the next reload): the changes heard meanwhile win.
        for (const { row, removed } of this.changedDuringReload) if (!this.queues.has(row.id)) this.apply(row, removed);
      } catch (error) {
        this.deps.log.error({ err: error }, 'alerts engine: reload failed');
      } finally {
        this.changedDuringReload = null;
        this.reloading = null;
      }
    })();
    return this.reloading;
  }
}
