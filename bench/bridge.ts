/**
 * B2 bridge: the worker→UI path in Node (no browser). The worker's real slices hold 200 quoted
 * symbols, one watched book of 2×50 levels and 100 open futures positions (fed as the private
 * channel's snapshot). Every 50 ms a batch of changes arrives (some quotes, a few book levels,
 * prices moving so positions' P&L change); the worker's real `state.take()` builds the snapshot,
 * and the structured clone `postMessage` makes of it is `v8.serialize` (its length: the bytes).
 * On the UI side: `v8.deserialize` + the UI's real `applySnapshot` (src/state/snapshot.ts) into the
 * valtio state, until a subscriber registered with `subscribe(proxy, cb, true)` (sync) has fired
 * for the last change: receive-to-state-notified.
 *
 * Baseline, same run, same batches: a naive bridge that posts the WHOLE state every message (all
 * 200 quotes' views, the book view, every position view and the account) as a JSON string; the UI
 * does JSON.parse and replaces a valtio state with it (deep proxies, no `ref`), same subscriber.
 */
import v8 from 'node:v8';
import { subscribe, proxy } from 'valtio/vanilla';
import type { BookLevel, DepthBook, Ticker } from '../domain/market/types';
import type { FuturesSettings, FuturesTrade } from '../domain/futures/types';
import type { PrivateSnapshot, TopicMessage, TopicSnapshot } from '../domain/protocol';
import { futuresState } from '../src/state/futures';
import { marketState } from '../src/state/market';
import { applySnapshot } from '../src/state/snapshot';
import { createWorkerState, type WorkerSnapshot } from '../worker/state';
import { quantiles, round } from './lib/stats';
import type { Bench, BenchContext, Figure } from './lib/types';
import { createRandom } from '../server/market/random';
import { centsText, syntheticTicker } from './lib/synthetic';

const MESSAGE_HZ = 20;
const SYMBOLS = 200;
const BOOK_LEVELS = 50;
const POSITIONS = 100;
/** Symbols the positions are spread over (two positions each). */
const POSITION_SYMBOLS = 50;
/** Pair-list rows on screen: with the book's pair, the tickers the UI shows (its focus). */
const ROWS_ON_SCREEN = 12;
/** Per message: quotes that tick, book levels that change. */
const QUOTES_PER_MESSAGE = 40;
const LEVELS_PER_MESSAGE = 6;
const MESSAGES = 400;
const QUICK_MESSAGES = 100;
const WARMUP = 50;

/** The market simulator's seeded generator, so two runs send the same ticks. */
function random(seed: number): () => number {
  const r = createRandom(String(seed));
  return () => r.next();
}

const symbolOf = (i: number) => `B${String(i + 1).padStart(4, '0')}/USDT`;
const BOOK_SYMBOL = symbolOf(0);

/** The market and the user's positions, moved on by each batch. */
class Market {
  private readonly rand = random(4242);
  readonly cents = Array.from({ length: SYMBOLS }, () => 10_000 + Math.floor(this.rand() * 5_000_000));
  private next = 0;

  ticker(i: number, ts: number): Ticker {
    return syntheticTicker(200_000 + i, symbolOf(i), this.cents[i]!, this.rand, ts);
  }

  book(): DepthBook {
    const mid = this.cents[0]!;
    const side = (dir: number): BookLevel[] =>
      Array.from({ length: BOOK_LEVELS }, (_, k) => [centsText(mid + dir * (k + 1)), (this.rand() * 3 + 0.001).toFixed(4)]);
    return { bids: side(-1), asks: side(1), step: '0.01' };
  }

  settings(): FuturesSettings[] {
    return Array.from({ length: POSITION_SYMBOLS }, (_, i) => ({
      match_id: 1 + i,
      symbol: symbolOf(i),
      price_decimals: 2,
      contract_size: '0.01',
      spread: '0.0005',
      fee_rate: '0.0005',
      overnight_rate: '0.0001',
      multiples: [5, 10, 20, 50, 100],
      min_lots: '1',
      max_lots: '1000',
      lot_decimals: 0,
      liquidation_risk: '30',
      price_band: '0.2',
      liquidation_fee_rate: '0.005',
      brackets: [{ max_notional: '20000000', max_multiple: 100, maintenance_rate: '0.003' }],
      max_position_lots: '5000',
    }));
  }

  positions(): FuturesTrade[] {
    return Array.from({ length: POSITIONS }, (_, k) => {
      const i = k % POSITION_SYMBOLS;
      const open = centsText(this.cents[i]! + (k % 2 ? 300 : -300));
      const lots = 1 + (k % 7);
      const multiple = [5, 10, 20, 50, 100][k % 5]!;
      const value = (Number(open) * lots * 0.01).toFixed(6);
      return {
        id: 1 + k,
        product: 'futures',
        symbol: symbolOf(i),
        open: true,
        match_id: 1 + i,
        side: k % 2 ? 'short' : 'long',
        kind: 'market',
        status: 'open',
        share: String(lots),
        number: (lots * 0.01).toFixed(2),
        multiple,
        target_price: null,
        open_price: open,
        quote_usdt: '1',
        margin: (Number(value) / multiple).toFixed(6),
        fee: (Number(value) * 0.0005).toFixed(6),
        overnight_fee: '0',
        target_profit_price: k % 3 ? null : centsText(this.cents[i]! * 1.1),
        stop_loss_price: k % 4 ? null : centsText(this.cents[i]! * 0.9),
        profit: null,
        close_price: null,
        close_reason: null,
        created_at: 1_700_000_000_000 + k,
        opened_at: 1_700_000_000_000 + k,
        closed_at: null,
        updated_at: 1_700_000_000_000 + k,
      } as FuturesTrade;
    });
  }

  /** One batch: QUOTES_PER_MESSAGE quotes (half of them on position symbols) and a few book levels. */
  batch(seq: number, ts: number): TopicMessage[] {
    const quotes: Ticker[] = [];
    for (let k = 0; k < QUOTES_PER_MESSAGE; k++) {
      const i = k % 2 ? Math.floor(this.rand() * POSITION_SYMBOLS) : this.next++ % SYMBOLS;
      this.cents[i] = Math.max(100, this.cents[i]! + (this.rand() < 0.5 ? -1 : 1) * (1 + Math.floor(this.rand() * 20)));
      quotes.push(this.ticker(i, ts));
    }
    const mid = this.cents[0]!;
    const delta: DepthBook = { bids: [], asks: [] };
    for (let k = 0; k < LEVELS_PER_MESSAGE; k++) {
      const bid = this.rand() < 0.5;
      const offset = 1 + Math.floor(this.rand() * BOOK_LEVELS);
      (bid ? delta.bids : delta.asks).push([
        centsText(bid ? mid - offset : mid + offset),
        this.rand() < 0.1 ? '0' : (this.rand() * 3 + 0.001).toFixed(4),
      ]);
    }
    return [
      { topic: 'quotes', kind: 'quotes', seq, data: quotes } as TopicMessage,
      { topic: `depth:${BOOK_SYMBOL}`, kind: 'depth', seq, data: delta } as TopicMessage,
    ];
  }
}

/** The UI's whole state as the naive bridge posts it: merged from every snapshot so far. */
class WholeState {
  tickers: Record<string, unknown> = {};
  depth: Record<string, unknown> = {};
  positions: Record<number, unknown> = {};
  account: unknown = null;

  merge(snap: WorkerSnapshot): void {
    // Tickers and position rows come whole the first time, then as changed fields: merged.
    for (const [symbol, patch] of Object.entries(snap.tickers ?? {}))
      this.tickers[symbol] = { ...(this.tickers[symbol] as object), ...patch };
    Object.assign(this.depth, snap.depth ?? {});
    const f = snap.futures;
    if (f?.positionIds)
      for (const id of Object.keys(this.positions)) if (!f.positionIds.includes(Number(id))) delete this.positions[Number(id)];
    for (const row of f?.positions ?? []) this.positions[row.id] = { ...(this.positions[row.id] as object), ...row };
    if (f?.account) this.account = f.account;
  }

  json(): string {
    return JSON.stringify({ tickers: this.tickers, depth: this.depth, positions: Object.values(this.positions), account: this.account });
  }
}

interface Series {
  bytes: number[];
  notify_ms: number[];
  take_ms: number[];
  notifications: number[];
}

const series = (): Series => ({ bytes: [], notify_ms: [], take_ms: [], notifications: [] });

export const bridge: Bench = {
  name: 'bridge',
  id: 'B2',
  title: 'worker→UI bridge at 20 Hz: 200 quotes, a 2×50 book, 100 positions (Node)',
  baseline:
    'a naive bridge posting the whole state (every quote, book and position view) as JSON each message, JSON.parse + replace the valtio state',
  targets: [
    { figure: 'kib_per_message', op: '<=', value: 10, label: '≤ 10 KiB' },
    { figure: 'notify_p95_ms', op: '<=', value: 1, label: 'p95 ≤ 1 ms' },
  ],
  browser: false,
  async run(ctx: BenchContext) {
    const market = new Market();
    const state = createWorkerState();
    const handlers = state.feedHandlers(() => undefined);
    state.futures.setSettings(market.settings());
    handlers.snapshot({
      topic: 'quotes',
      kind: 'quotes',
      seq: 0,
      data: Array.from({ length: SYMBOLS }, (_, i) => market.ticker(i, 0)),
    } as TopicSnapshot);
    handlers.snapshot({ topic: `depth:${BOOK_SYMBOL}`, kind: 'depth', seq: 0, data: market.book() } as TopicSnapshot);
    // What the screen shows: its pair (the watched book) and a pair list's screenful of rows;
    // every other quote's view is built about once a second (MarketSlice.setFocus).
    state.market.setFocus(Array.from({ length: ROWS_ON_SCREEN }, (_, i) => market.ticker(i, 0).symbol));
    const priv: PrivateSnapshot = {
      topic: 'user',
      seq: 0,
      data: {
        session: { user_id: 1 },
        balances: [{ account: 3, currency_id: 1, currency: 'USDT', available: '250000', frozen: '0', v: 1 }],
        notifications: { unread: 0, recent: [] },
        support: { unread: 0, recent: [] },
        orders: [],
        positions: market.positions(),
      },
    };
    handlers.privateSnapshot(priv);

    // The UI side: the real valtio states with a sync subscriber each; the naive one's own state.
    let lastNotify = 0;
    let notifications = 0;
    const onNotify = () => {
      lastNotify = performance.now();
      notifications++;
    };
    const unsubs = [subscribe(marketState, onNotify, true), subscribe(futuresState, onNotify, true)];
    const naiveState = proxy({
      tickers: {} as Record<string, unknown>,
      depth: {} as Record<string, unknown>,
      positions: [] as unknown[],
      account: null as unknown,
    });
    unsubs.push(subscribe(naiveState, onNotify, true));

    const whole = new WholeState();
    let clock = 0;
    const first = state.take(clock);
    whole.merge(first);
    applySnapshot(v8.deserialize(v8.serialize(first)) as WorkerSnapshot);
    const firstBytes = v8.serialize(first).length;

    const ours = series();
    const naive = series();
    const messages = ctx.quick ? QUICK_MESSAGES : MESSAGES;
    let seq = 0;
    let empty = 0;
    /** Position rows resent per message. */
    const rowsSent: number[] = [];
    /** Bytes per part of our messages (tickers, depth, futures, movers…), summed. */
    const parts: Record<string, number> = {};
    try {
      for (let n = 0; n < WARMUP + messages; n++) {
        clock += 1000 / MESSAGE_HZ;
        seq++;
        for (const m of market.batch(seq, clock)) handlers.message(m);
        const measured = n >= WARMUP;

        // Ours: the worker's take(), the structured clone, the UI's apply until the sync subscriber fired.
        let t0 = performance.now();
        const snap = state.take(clock);
        const takeMs = performance.now() - t0;
        const wire = v8.serialize(snap);
        whole.merge(snap);
        notifications = 0;
        lastNotify = 0;
        t0 = performance.now();
        applySnapshot(v8.deserialize(wire) as WorkerSnapshot);
        if (notifications === 0) empty++;
        if (measured) {
          for (const [part, value] of Object.entries(snap)) parts[part] = (parts[part] ?? 0) + v8.serialize(value).length;
          ours.bytes.push(wire.length);
          rowsSent.push(snap.futures?.positions?.length ?? 0);
          ours.take_ms.push(takeMs);
          ours.notify_ms.push((notifications ? lastNotify : performance.now()) - t0);
          ours.notifications.push(notifications);
        }

        // The naive bridge: the whole state as JSON, parsed and put into its valtio state.
        t0 = performance.now();
        const text = whole.json();
        const naiveTake = performance.now() - t0;
        const naiveWire = v8.serialize(text);
        notifications = 0;
        lastNotify = 0;
        t0 = performance.now();
        const parsed = JSON.parse(v8.deserialize(naiveWire) as string) as typeof naiveState;
        naiveState.tickers = parsed.tickers;
        naiveState.depth = parsed.depth;
        naiveState.positions = parsed.positions;
        naiveState.account = parsed.account;
        if (measured) {
          naive.bytes.push(naiveWire.length);
          naive.take_ms.push(naiveTake);
          naive.notify_ms.push((notifications ? lastNotify : performance.now()) - t0);
          naive.notifications.push(notifications);
        }
        if (n % 100 === 99) ctx.log(`bridge: ${n + 1 - WARMUP} of ${messages} messages`);
        // Let the event loop turn between messages, as the UI thread's would.
        await new Promise<void>((r) => setImmediate(r));
      }
    } finally {
      for (const u of unsubs) u();
    }

    const row = (label: string, s: Series): Figure[] => {
      const b = quantiles(s.bytes);
      const t = quantiles(s.notify_ms);
      return [
        label,
        round(b.p50 / 1024, 1),
        round(b.p95 / 1024, 1),
        round(b.max / 1024, 1),
        round(t.p50, 3),
        round(t.p95, 3),
        round(t.p99, 3),
        round(quantiles(s.take_ms).p50, 3),
        Math.round(quantiles(s.notifications).p50),
      ];
    };
    const o = { bytes: quantiles(ours.bytes), notify: quantiles(ours.notify_ms) };
    const b = { bytes: quantiles(naive.bytes), notify: quantiles(naive.notify_ms) };
    return {
      conditions: {
        messages_per_s: MESSAGE_HZ,
        messages: messages,
        warmup_messages: WARMUP,
        symbols_quoted: SYMBOLS,
        book: `1 watched, 2x${BOOK_LEVELS} levels (the view shows the worker's rows)`,
        positions: `${POSITIONS} futures on ${POSITION_SYMBOLS} symbols`,
        per_message: `${QUOTES_PER_MESSAGE} quotes (half on position symbols), ${LEVELS_PER_MESSAGE} book levels`,
        bytes: 'v8.serialize(message).length (the structured clone postMessage makes)',
        notify: 'v8.deserialize + apply into valtio until the sync subscriber fired for the last change',
        react_commits: 'not here: see B3 live screen',
        focus: `the book's pair + ${ROWS_ON_SCREEN} list rows in every message; other quotes' views about once a second; position rows as changed fields`,
        first_snapshot_kib: round(firstBytes / 1024, 1),
        position_rows_per_message_p50: quantiles(rowsSent).p50,
        ours_kib_by_part: Object.entries(parts)
          .map(([k, v]) => `${k} ${round(v / messages / 1024, 1)}`)
          .join(', '),
      },
      table: {
        columns: [
          'case',
          'KiB/msg p50',
          'KiB/msg p95',
          'KiB/msg max',
          'notify p50 ms',
          'notify p95 ms',
          'notify p99 ms',
          'worker take p50 ms',
          'notifications/msg',
        ],
        rows: [row('ours: changes (take) + applySnapshot', ours), row('baseline: whole state JSON + replace', naive)],
      },
      headline: {
        kib_per_message: round(o.bytes.p95 / 1024, 1),
        kib_per_message_p50: round(o.bytes.p50 / 1024, 1),
        notify_p95_ms: round(o.notify.p95, 3),
        notify_p99_ms: round(o.notify.p99, 3),
        baseline_kib_per_message: round(b.bytes.p95 / 1024, 1),
        baseline_notify_p95_ms: round(b.notify.p95, 3),
        bytes_ratio: round(b.bytes.p50 / o.bytes.p50, 1),
      },
      detail: {
        ours: { bytes: o.bytes, notify_ms: o.notify, take_ms: quantiles(ours.take_ms) },
        baseline: { bytes: b.bytes, notify_ms: b.notify, take_ms: quantiles(naive.take_ms) },
        empty_messages: empty,
        position_rows_per_message: quantiles(rowsSent),
        kib_per_message_by_part: Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, round(v / messages / 1024, 1)])),
      },
    };
  },
};
