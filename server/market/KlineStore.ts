import { formatUnits, parseUnits } from '../../domain/decimal';
import { KLINE_PERIODS, type KlinePeriod } from '../../domain/market/periods';
import type { Kline } from '../../domain/market/types';
import type { Db, SqlValue } from '../db/db';
import { rowReader } from '../db/rows';
import type { Bar } from './bars';

/** Bars kept per pair and period; older ones are pruned (about 2 days of 1min, 8 years of 1day). */
export const KLINE_KEEP_BARS = 3000;
/** Most bars one `range` answers. */
export const KLINE_RANGE_MAX = 1500;
const UPSERT_BATCH = 2000;

export interface Precision {
  priceDecimals: number;
  qtyDecimals: number;
}

export interface BarRow {
  pairId: number;
  period: KlinePeriod;
  bar: Bar;
  precision: Precision;
}

interface KlineRow {
  t: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  turnover: string;
}

const KLINE_KINDS = {
  t: 'int',
  open: 'decimal',
  high: 'decimal',
  low: 'decimal',
  close: 'decimal',
  volume: 'decimal',
  turnover: 'decimal',
} as const;
const periodKlineRows = rowReader<KlineRow & { period: KlinePeriod }>('klines', { period: 'text', ...KLINE_KINDS });
const pairKlineRows = rowReader<KlineRow & { pair_id: number }>('klines', { pair_id: 'int', ...KLINE_KINDS });
const candleRows = rowReader<Kline>('klines', {
  t: 'int',
  open: 'decimal',
  high: 'decimal',
  low: 'decimal',
  close: 'decimal',
  volume: 'decimal',
});

const COLUMNS = ['pair_id', 'period', 't', 'open', 'high', 'low', 'close', 'volume', 'turnover'] as const;

function toValues({ pairId, period, bar, precision: p }: BarRow): SqlValue[] {
  return [
    pairId,
    period,
    bar.t,
    formatUnits(bar.open, p.priceDecimals),
    formatUnits(bar.high, p.priceDecimals),
    formatUnits(bar.low, p.priceDecimals),
    formatUnits(bar.close, p.priceDecimals),
    formatUnits(bar.volume, p.qtyDecimals),
    formatUnits(bar.turnover, p.priceDecimals + p.qtyDecimals),
  ];
}

function toBar(row: KlineRow, p: Precision): Bar {
  return {
    t: row.t,
    open: Number(parseUnits(row.open, p.priceDecimals)),
    high: Number(parseUnits(row.high, p.priceDecimals)),
    low: Number(parseUnits(row.low, p.priceDecimals)),
    close: Number(parseUnits(row.close, p.priceDecimals)),
    volume: parseUnits(row.volume, p.qtyDecimals),
    turnover: parseUnits(row.turnover, p.priceDecimals + p.qtyDecimals),
  };
}

/** All SQL about klines. */
export class KlineStore {
  constructor(private readonly db: Db) {}

  /** The newest one-minute bar of each pair that has one, by pair id: one read for all of them. */
  async lastMinutes(pairs: readonly { id: number; precision: Precision }[]): Promise<Map<number, Bar>> {
    const rows = await pairKlineRows.all(
      this.db,
      `SELECT p.id AS pair_id, k.t, k.open, k.high, k.low, k.close, k.volume, k.turnover
       FROM unnest($1::int[]) AS p(id)
       CROSS JOIN LATERAL (SELECT * FROM klines WHERE pair_id = p.id AND period = '1min' ORDER BY t DESC LIMIT 1) k`,
      [`{${pairs.map((p) => p.id).join(',')}}`],
    );
    const precision = new Map(pairs.map((p) => [p.id, p.precision]));
    return new Map(rows.map((r) => [r.pair_id, toBar(r, precision.get(r.pair_id)!)]));
  }

  /**
   * Bars of a pair with `t >=` their period's start in `from` (and `<` its end in `until`, where
   * given), by period, oldest first: one read for every period.
   */
  async barsFrom(
    pairId: number,
    from: ReadonlyMap<KlinePeriod, number>,
    p: Precision,
    until: ReadonlyMap<KlinePeriod, number> = new Map(),
  ): Promise<Map<KlinePeriod, Bar[]>> {
    const periods = [...from.keys()];
    const rows = await periodKlineRows.all(
      this.db,
      `SELECT k.period, k.t, k.open, k.high, k.low, k.close, k.volume, k.turnover
       FROM unnest(string_to_array($2, ','), string_to_array($3, ',')::bigint[], string_to_array($4, ',')::bigint[]) AS s(period, start, stop)
       JOIN klines k ON k.pair_id = $1 AND k.period = s.period AND k.t >= s.start AND k.t < s.stop
       ORDER BY k.period, k.t`,
      [
        pairId,
        periods.join(','),
        periods.map((period) => from.get(period)!).join(','),
        periods.map((period) => until.get(period) ?? Number.MAX_SAFE_INTEGER).join(','),
      ],
    );
    const out = new Map<KlinePeriod, Bar[]>(periods.map((period) => [period, []]));
    for (const r of rows) out.get(r.period)?.push(toBar(r, p));
    return out;
  }

  /** Candles for the chart API, oldest first, at most `KLINE_RANGE_MAX` ending at `toMs`. */
  async range(pairId: number, period: KlinePeriod, fromMs: number, toMs: number): Promise<Kline[]> {
    const rows = await candleRows.all(
      this.db,
      `SELECT t, open, high, low, close, volume FROM klines
       WHERE pair_id = $1 AND period = $2 AND t >= $3 AND t <= $4 ORDER BY t DESC LIMIT $5`,
      [pairId, period, fromMs, toMs, KLINE_RANGE_MAX],
    );
    return rows.reverse();
  }

  /** Writes fresh bars into an empty table region (first start): the fast bulk path. */
  async insertFresh(rows: readonly BarRow[]): Promise<void> {
    await this.db.insertMany('klines', COLUMNS, rows.map(toValues));
  }

  /**
   * Folds generated bars into what is stored (a restart after downtime): an existing bar keeps
   * its open, widens its high and low, takes the new close and adds the volume.
   */
  async merge(rows: readonly BarRow[]): Promise<void> {
    await this.upsertBatches(
      rows,
      `open = klines.open, high = GREATEST(klines.high, EXCLUDED.high), low = LEAST(klines.low, EXCLUDED.low),
       close = EXCLUDED.close, volume = klines.volume + EXCLUDED.volume, turnover = klines.turnover + EXCLUDED.turnover`,
    );
  }

  /**
   * Folds in bars a follower heard from a leader that died before writing them (a takeover): a
   * stored bar keeps its open and widens to the heard high and low; the fuller of the two (the
   * larger volume) gives the close and the volume. Never narrows what is stored.
   */
  async widen(rows: readonly BarRow[]): Promise<void> {
    await this.upsertBatches(
      rows,
      `open = klines.open, high = GREATEST(klines.high, EXCLUDED.high), low = LEAST(klines.low, EXCLUDED.low),
       close = CASE WHEN EXCLUDED.volume > klines.volume THEN EXCLUDED.close ELSE klines.close END,
       volume = GREATEST(klines.volume, EXCLUDED.volume), turnover = GREATEST(klines.turnover, EXCLUDED.turnover)`,
    );
  }

  /** Writes the live state of bars (the in-memory bar is the whole truth for its period). */
  async save(rows: readonly BarRow[]): Promise<void> {
    await this.upsertBatches(
      rows,
      `open = EXCLUDED.open, high = EXCLUDED.high, low = EXCLUDED.low, close = EXCLUDED.close,
       volume = EXCLUDED.volume, turnover = EXCLUDED.turnover`,
    );
  }

  /** Drops bars beyond the newest `KLINE_KEEP_BARS` of each pair and period. */
  async prune(): Promise<void> {
    for (const period of KLINE_PERIODS) {
      await this.db.query(
        `DELETE FROM klines k USING (
           SELECT pair_id, t FROM (
             SELECT pair_id, t, ROW_NUMBER() OVER (PARTITION BY pair_id ORDER BY t DESC) AS n
             FROM klines WHERE period = $1) ranked
           WHERE n > $2) old
         WHERE k.period = $1 AND k.pair_id = old.pair_id AND k.t = old.t`,
        [period, KLINE_KEEP_BARS],
      );
    }
  }

  /**
   * One statement per batch, the columns as nine arrays (`unnest`): a write of every pair's bars
   * binds nine parameters, not nine a bar, which PostgreSQL parses in about half the time
   * (bench/HISTORY.md). The values are ids, period names and decimal strings, so each array is a
   * plain literal.
   */
  private async upsertBatches(rows: readonly BarRow[], set: string): Promise<void> {
    for (let i = 0; i < rows.length; i += UPSERT_BATCH) {
      const values = rows.slice(i, i + UPSERT_BATCH).map(toValues);
      const columns = COLUMNS.map((_, j) => `{${values.map((v) => v[j]).join(',')}}`);
      await this.db.query(
        `INSERT INTO klines (${COLUMNS.join(',')})
         SELECT * FROM unnest($1::int[], $2::text[], $3::bigint[], $4::numeric[], $5::numeric[], $6::numeric[], $7::numeric[], $8::numeric[], $9::numeric[])
         ON CONFLICT (pair_id, period, t) DO UPDATE SET ${set}`,
        columns,
      );
    }
  }
}
