import type { FastifyBaseLogger } from 'fastify';
import { parseUnits } from '../../domain/decimal';
import { calculateNextPeriodStart, calculatePeriodStart, KLINE_PERIODS, type KlinePeriod } from '../../domain/market/periods';
import type { Kline } from '../../domain/market/types';
import type { Db } from '../db/db';
import { applyTrade, openBar, toKline, type Bar } from './bars';
import { PAIRS, type PairDef } from './catalogue';
import { generateHistory } from './generateHistory';
import { KlineStore, KLINE_KEEP_BARS, type BarRow } from './KlineStore';
import { addToDay, precisionOf, summariseDay, type PairState } from './pairState';
import { PriceWalk } from './PriceWalk';
import { createRandom } from './random';
import type { VenueBar, VenueFeed } from './venue/VenueFeed';
import { priceTicks, qtyLots } from './venue/venueUnits';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export interface KlineRecorderOptions {
  db: Db;
  log: FastifyBaseLogger;
  seed: string;
  /** Days of history generated when a pair has none. */
  historyDays: number;
  /** The pairs, by symbol (the market state's live map). */
  states: ReadonlyMap<string, PairState>;
  /** The venue and the pairs it prices (`MARKET_SOURCE=ccxt`): their history is the venue's, never generated. */
  venue?: { feed: VenueFeed; symbols: ReadonlySet<string> };
}

/** Bars asked of a venue in one request, and requests per period at most when catching up. */
const VENUE_PAGE = 1000;
const VENUE_PAGES = 5;
/** Bars of each period a fresh database takes from the venue: more than the 24 h the ticker sums. */
const VENUE_FRESH_BARS = 1500;

/** A pair whose stored history is brought up to now, and its walk, positioned at the last price. */
export interface LoadedPair {
  def: PairDef;
  walk: PriceWalk;
  /**
   * The closed minutes this start generated and wrote (a fresh database's, a downtime's), from
   * `from` (every minute stored is older): `loadBars` takes them from here instead of reading back.
   */
  generated?: { from: number; minutes: readonly Bar[] };
}

/**
 * The bars of every period: each trade rolls them, closed and changed bars are written in
 * batches (one write at a time), reads join what is stored with what is not written yet, and a
 * start generates the history a pair lacks (all of it on a fresh database, the downtime after a
 * restart) so the chart has no hole and prices continue from the last close.
 */
export class KlineRecorder {
  private readonly store: KlineStore;
  private closedRows: BarRow[] = [];
  /**
   * Bars not written yet (closed, or handed to a write that has not finished), by pair and
   * period, then by bar time, the newest state of each: `klines` answers them from memory, and
   * reads only its own pair and period's, however many bars wait.
   */
  private readonly unsaved = new Map<string, Map<number, BarRow>>();
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly options: KlineRecorderOptions) {
    this.store = new KlineStore(options.db);
  }

  /** Applies one trade at the current price to every period's bar, rolling bars over as periods end. */
  recordTrade(s: PairState, now: number, lots: bigint, changed: Map<KlinePeriod, Kline[]>): void {
    const { priceDecimals, qtyDecimals } = s.precision;
    for (const period of KLINE_PERIODS) {
      let bar = s.bars.get(period)!;
      const list = changed.get(period) ?? [];
      if (now >= calculateNextPeriodStart(period, bar.t)) {
        const closed = { pairId: s.pair.id, period, bar, precision: s.precision };
        this.closedRows.push(closed);
        this.remember(closed);
        if (period === '1min') addToDay(s, bar, now);
        if (list.at(-1)?.t !== bar.t) list.push(toKline(bar, priceDecimals, qtyDecimals));
        bar = openBar(calculatePeriodStart(period, now), bar.close);
        s.bars.set(period, bar);
      }
      applyTrade(bar, s.price, lots);
      s.dirty.add(period);
      const kline = toKline(bar, priceDecimals, qtyDecimals);
      if (list.at(-1)?.t === bar.t) list[list.length - 1] = kline;
      else list.push(kline);
      changed.set(period, list);
    }
  }

  async klines(symbol: string, period: KlinePeriod, fromMs: number, toMs: number): Promise<Kline[]> {
    const s = this.options.states.get(symbol);
    if (!s) return [];
    const pending = this.unsaved.get(`${s.pair.id}:${period}`);
    const unsaved = pending ? [...pending.values()].filter((r) => r.bar.t >= fromMs && r.bar.t <= toMs) : [];
    const stored = await this.store.range(s.pair.id, period, fromMs, toMs);
    const bar = s.bars.get(period);
    const live = bar && toKline(bar, s.precision.priceDecimals, s.precision.qtyDecimals);
    if (!unsaved.length && !(live && live.t >= fromMs && live.t <= toMs)) return stored;
    // Bars closed in the last few seconds (not yet written) and the bar in progress win over what is stored.
    const byTime = new Map(stored.map((k) => [k.t, k]));
    for (const r of unsaved) byTime.set(r.bar.t, toKline(r.bar, r.precision.priceDecimals, r.precision.qtyDecimals));
    if (live && live.t >= fromMs && live.t <= toMs) byTime.set(live.t, live);
    return [...byTime.values()].sort((a, b) => a.t - b.t);
  }

  /**
   * Writes closed bars and the changed bars in progress, of every period or only of `only`; one
   * write at a time.
   */
  flush(only?: KlinePeriod): Promise<void> {
    const rows = only ? this.closedRows.filter((r) => r.period === only) : this.closedRows;
    this.closedRows = only ? this.closedRows.filter((r) => r.period !== only) : [];
    for (const s of this.options.states.values()) {
      for (const period of s.dirty) {
        if (only && period !== only) continue;
        const live = { pairId: s.pair.id, period, bar: { ...s.bars.get(period)! }, precision: s.precision };
        rows.push(live);
        this.remember(live);
        s.dirty.delete(period);
      }
    }
    // A bar that closed and was reopened in the same flush appears twice; the last state wins.
    const unique = [...new Map(rows.map((r) => [`${r.pairId}:${r.period}:${r.bar.t}`, r])).values()];
    this.flushing = this.flushing
      .then(() => this.store.save(unique))
      .catch((e: unknown) => this.options.log.error(e, 'kline flush failed'))
      .finally(() => {
        for (const r of rows) this.forget(r);
      });
    return this.flushing;
  }

  private remember(row: BarRow): void {
    const key = `${row.pairId}:${row.period}`;
    let bars = this.unsaved.get(key);
    if (!bars) this.unsaved.set(key, (bars = new Map()));
    bars.set(row.bar.t, row);
  }

  /** Drops a written row from memory, unless a newer state of its bar has come since (the next write's). */
  private forget(row: BarRow): void {
    const bars = this.unsaved.get(`${row.pairId}:${row.period}`);
    if (bars?.get(row.bar.t) === row) bars.delete(row.bar.t);
  }

  /** Drops the bars past each pair's and period's keep; never rejects. */
  prune(): Promise<void> {
    return this.store.prune().catch((e: unknown) => this.options.log.error(e, 'kline prune failed'));
  }

  /** Folds bars another node relayed into the store, widening what is stored, never narrowing it. */
  widen(rows: readonly BarRow[]): Promise<void> {
    return this.store.widen(rows);
  }

  /**
   * Brings every pair's stored history up to the current minute (one bulk write for all) and
   * returns each pair's walk, positioned at the last generated price.
   */
  async backfillAll(now: number): Promise<LoadedPair[]> {
    const fills = [];
    const venued = [];
    const lasts = await this.store.lastMinutes(PAIRS.map((def) => ({ id: def.id, precision: precisionOf(def) })));
    for (const def of PAIRS) {
      const last = lasts.get(def.id) ?? null;
      if (this.options.venue?.symbols.has(`${def.base}/${def.quote}`))
        venued.push({ def, ...(await this.backfillFromVenue(def, last, now)) });
      else fills.push({ def, ...this.backfill(def, last, now) });
    }
    const rowCount = fills.reduce((n, f) => n + f.rows.length, 0);
    if (rowCount) this.options.log.info({ bars: rowCount }, 'writing generated market history (first start or after downtime)');
    await this.store.insertFresh(fills.filter((f) => f.fresh).flatMap((f) => f.rows));
    await this.store.merge(fills.filter((f) => !f.fresh).flatMap((f) => f.rows));
    const venueRows = venued.flatMap((f) => f.rows);
    if (venueRows.length)
      this.options.log.info({ bars: venueRows.length, venue: this.options.venue!.feed.name }, 'writing the venue’s market history');
    // The venue's bars widen what this node recorded (never narrow it: a price shown stays in the record).
    await this.store.widen(venueRows);
    const loaded = new Map<number, LoadedPair>([...fills, ...venued].map((f) => [f.def.id, f]));
    return PAIRS.map((def) => {
      const { walk, generated } = loaded.get(def.id)!;
      return { def, walk, generated };
    });
  }

  /**
   * A venue's pair: every period's bars from the venue (`fetchOHLCV`), from the last stored minute's
   * bar (the whole bar again: the venue's is complete) or, on a fresh database, the latest page;
   * up to the bar in progress, which the live trades then continue. The price starts at the last
   * minute's close. Turnover is not in a venue's bars: it is estimated as volume × close (docs/MARKET.md).
   * A period the venue does not answer is logged and left as stored.
   */
  private async backfillFromVenue(def: PairDef, last: Bar | null, now: number): Promise<{ walk: PriceWalk; rows: BarRow[] }> {
    const { feed } = this.options.venue!;
    const symbol = `${def.base}/${def.quote}`;
    const precision = precisionOf(def);
    const rows: BarRow[] = [];
    let close = last?.close ?? null;
    for (const period of KLINE_PERIODS) {
      const current = calculatePeriodStart(period, now);
      let since: number | undefined = last ? calculatePeriodStart(period, last.t) : undefined;
      try {
        for (let page = 0; page < VENUE_PAGES; page++) {
          const bars = await feed.bars(symbol, period, since ?? Math.max(0, current - this.spanOf(period)), VENUE_PAGE);
          for (const b of bars) {
            const bar = toVenueBar(b, precision);
            if (!bar || bar.t > current) continue;
            rows.push({ pairId: def.id, period, bar, precision });
            if (period === '1min' && (close === null || bar.t >= (last?.t ?? 0))) close = bar.close;
          }
          const end = bars.at(-1)?.t;
          if (bars.length < VENUE_PAGE || end === undefined || end >= current) break;
          since = end + 1;
        }
      } catch (error) {
        this.options.log.warn({ symbol, period, err: error instanceof Error ? error.message : String(error) }, 'venue: history not loaded');
      }
    }
    const anchor = Number(parseUnits(def.startPrice, def.priceDecimals));
    return { walk: new PriceWalk(close ?? anchor, anchor, def.volatility), rows };
  }

  /**
   * After an outage of the venue: its closed minutes from `from`'s minute to before `to`'s,
   * folded into the record (what this node heard is written first; the venue's bars widen it,
   * never narrow it) and into the pair's 24 h window.
   */
  async foldVenueMinutes(s: PairState, from: number, to: number): Promise<void> {
    const feed = this.options.venue?.feed;
    const first = calculatePeriodStart('1min', from);
    const end = calculatePeriodStart('1min', to);
    if (!feed || first >= end) return;
    const rows: BarRow[] = [];
    let since = first;
    for (let page = 0; page < VENUE_PAGES && since < end; page++) {
      const bars = await feed.bars(s.pair.symbol, '1min', since, VENUE_PAGE);
      for (const b of bars) {
        const bar = toVenueBar(b, s.precision);
        if (bar && bar.t >= first && bar.t < end) rows.push({ pairId: s.pair.id, period: '1min', bar, precision: s.precision });
      }
      const last = bars.at(-1)?.t;
      if (bars.length < VENUE_PAGE || last === undefined) break;
      since = last + 1;
    }
    await this.flush('1min');
    await this.store.widen(rows);
    const known = new Set(s.day.map((b) => b.t));
    for (const r of rows) if (!known.has(r.bar.t) && r.bar.t >= to - DAY_MS) s.day.push({ ...r.bar });
    s.day.sort((a, b) => a.t - b.t);
    summariseDay(s);
    this.options.log.info({ symbol: s.pair.symbol, minutes: rows.length }, 'venue: the outage’s minutes fetched into the record');
  }

  /** How far back a fresh database's history of `period` reaches: a day and more of minutes, as many bars of the rest. */
  private spanOf(period: KlinePeriod): number {
    const start = calculatePeriodStart(period, 0);
    return (calculateNextPeriodStart(period, start) - start) * VENUE_FRESH_BARS;
  }

  /**
   * A pair's bars in progress (stored, else opened at `price`) and its closed minutes of the last
   * 24 h: stored ones, and those this start `generated` without reading them back (a day's
   * downtime was a day of minutes for every pair read straight after writing them).
   */
  async loadBars(
    def: PairDef,
    price: number,
    now: number,
    generated?: LoadedPair['generated'],
  ): Promise<{ bars: Map<KlinePeriod, Bar>; day: Bar[] }> {
    const starts = new Map(KLINE_PERIODS.map((period) => [period, calculatePeriodStart(period, now)]));
    const currentMinute = starts.get('1min')!;
    const dayFrom = now - DAY_MS;
    // One read: each period's bar in progress, and the minutes back to a day ago that are not in
    // `generated` (no stored minute is as new as those: a minute bar in progress is opened anew).
    const until = new Map<KlinePeriod, number>(generated ? [['1min', generated.from]] : []);
    const stored = await this.store.barsFrom(def.id, new Map([...starts, ['1min', dayFrom]]), precisionOf(def), until);
    const bars = new Map<KlinePeriod, Bar>();
    for (const [period, start] of starts) bars.set(period, stored.get(period)!.find((b) => b.t >= start) ?? openBar(start, price));
    const day = stored.get('1min')!.filter((b) => b.t < currentMinute);
    for (const b of generated?.minutes ?? []) if (b.t >= dayFrom && b.t < currentMinute) day.push({ ...b });
    return { bars, day };
  }

  /**
   * Brings one simulated pair's stored history up to the current minute: all of it on a fresh database,
   * the downtime after a restart. Returns the walk, positioned at the last generated price, and
   * the rows to store.
   */
  private backfill(
    def: PairDef,
    last: Bar | null,
    now: number,
  ): { walk: PriceWalk; rows: BarRow[]; fresh: boolean; generated?: LoadedPair['generated'] } {
    const { seed, historyDays } = this.options;
    const precision = precisionOf(def);
    const currentMinute = calculatePeriodStart('1min', now);
    const anchor = Number(parseUnits(def.startPrice, def.priceDecimals));
    const from = last ? Math.max(last.t + MINUTE_MS, currentMinute - historyDays * DAY_MS) : currentMinute - historyDays * DAY_MS;
    const walk = new PriceWalk(last?.close ?? anchor, anchor, def.volatility);
    if (from >= currentMinute) return { walk, rows: [], fresh: !last };
    const random = createRandom(`${seed}:history:${def.base}/${def.quote}:${from}`);
    const tradeLots = parseUnits(def.tradeSize, def.qtyDecimals);
    const history = generateHistory({ walk, random, tradeLots, activity: def.activity }, from, currentMinute, KLINE_KEEP_BARS);
    const kept = new Map([...history].map(([period, bars]) => [period, bars.slice(-KLINE_KEEP_BARS)]));
    const rows = [...kept].flatMap(([period, bars]) => bars.map((bar): BarRow => ({ pairId: def.id, period, bar, precision })));
    // The newest KLINE_KEEP_BARS minutes (over two days): every minute of the last day from `from` on.
    return { walk, rows, fresh: !last, generated: { from, minutes: kept.get('1min')! } };
  }
}

/** A venue's bar in the pair's units; null when a figure is not a positive decimal. */
function toVenueBar(b: VenueBar, p: { priceDecimals: number; qtyDecimals: number }): Bar | null {
  const [open, high, low, close] = [b.open, b.high, b.low, b.close].map((x) => priceTicks(x, p.priceDecimals));
  if (!open || !high || !low || !close) return null;
  const volume = b.volume === '0' ? 0n : (qtyLots(b.volume, p.qtyDecimals) ?? 0n);
  return { t: b.t, open, high, low, close, volume, turnover: BigInt(close) * volume };
}
