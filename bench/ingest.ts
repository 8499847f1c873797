/**
 * B1 ingest: the worker's own code in Node (no browser, one core). Batched quote and depth ticks
 * for 50…2,000 symbols go through what the worker runs on every socket message and every
 * snapshot: the wire decode (JSON.parse, as socket.io's parser does), the real `Feed`'s sequence
 * checks and resync, the real feed handlers (`MarketSlice.applyMessage`, the futures and options
 * slices' `applyTickers`), and, at the app's snapshot cadence, the real `state.take()` plus the
 * structured clone `postMessage` makes of it (v8.serialize). The offered rate is ramped until
 * the worker's code would need more than one core: that rate, scaled to 100 %, is the capacity.
 *
 * Gaps: some messages are dropped on purpose (their sequence number skipped). The real `Feed`
 * must see each gap and resync the topic through its REST path (`fetch` is answered here from
 * the bench's own copy of the market, as the server's `/api/market/snapshot` would), holding and
 * replaying the messages that arrive meanwhile. At the end the worker's tickers and books are
 * compared with the source's: a gap that was not repaired shows as unrecovered.
 *
 * Baseline, same run, same messages: the old `worker-conflation` baseline — no conflation, a
 * view built (and posted) for every quote of every message and a book view for every depth
 * message.
 */
import v8 from 'node:v8';
import { DEFAULT_FIAT } from '../domain/fiat';
import type { BookLevel, DepthBook, Ticker } from '../domain/market/types';
import { buildTickerView, quoteWorth } from '../domain/market/views';
import type { TopicMessage, TopicSnapshot } from '../domain/protocol';
import { SNAPSHOT_INTERVAL_MS } from '../src/worker-client';
import { Feed } from '../worker/feed/Feed';
import { applyDepthDelta, buildBookView, createBook, readBook, type LiveBook } from '../worker/market/orderBook';
import { createWorkerState, type WorkerState } from '../worker/state';
import { quantiles, round } from './lib/stats';
import type { Bench, BenchContext, Figure } from './lib/types';
import { createRandom } from '../server/market/random';
import { centsText, syntheticTicker } from './lib/synthetic';

/** Server batches per second (as the bench feed and the real hub send them). */
const BATCH_HZ = 20;
/** Batches between two snapshots: the app's snapshot interval in batches, at least every batch (the app snapshots at most once a frame). */
const BATCHES_PER_SNAPSHOT = Math.max(1, Math.round(SNAPSHOT_INTERVAL_MS / (1000 / BATCH_HZ)));
/** Books the worker watches (a contract page watches one; a few more for a split screen). */
const BOOKS = 4;
/** Levels per side of each book's snapshot. */
const BOOK_LEVELS = 50;
/** Share of quote ticks; the rest are book level changes. */
const QUOTE_SHARE = 2 / 3;
/** Every GAP_EVERY-th batch drops one message (alternately the quotes topic and a book). */
const GAP_EVERY = 7;
/** Offered rates of the ramp, ticks per second. */
const RAMP = [1_000, 3_000, 10_000, 30_000, 100_000, 300_000, 1_000_000, 3_000_000];
const QUICK_RAMP = [1_000, 10_000, 100_000, 1_000_000];
/** The baseline's offered rate (its cost is per message, whatever the rate). */
const BASELINE_RATE = 10_000;
const SYMBOL_COUNTS = [50, 200, 500, 1000, 2000];

/** The market simulator's seeded generator, so two runs send the same ticks. */
function random(seed: number): () => number {
  const r = createRandom(String(seed));
  return () => r.next();
}

const symbolOf = (i: number) => `S${String(i + 1).padStart(4, '0')}/USDT`;
/** Rows a phone's market list shows at once: their tickers are the UI's focus (`MarketSlice.setFocus`). */
const ROWS_ON_SCREEN = 12;

/**
 * The exchange side: every symbol's ticker, the watched books, each topic's sequence number,
 * and the wire messages of each batch. Answers resyncs from its current state.
 */
class Source {
  readonly tickers = new Map<string, Ticker>();
  readonly books = new Map<string, LiveBook>();
  readonly seq = new Map<string, number>();
  private readonly cents: number[];
  private readonly rand: () => number;
  private next = 0;
  gapsInjected = 0;
  /** Off for the last batches, so every gap is followed by a message that reveals it. */
  gapsOn = true;
  private batchNo = 0;

  constructor(readonly symbols: number) {
    this.rand = random(symbols * 7919);
    this.cents = Array.from({ length: symbols }, () => 10_000 + Math.floor(this.rand() * 5_000_000));
    for (let i = 0; i < symbols; i++) this.tickers.set(symbolOf(i), this.ticker(i, 0));
    this.seq.set('quotes', 0);
    for (let b = 0; b < Math.min(BOOKS, symbols); b++) {
      const mid = this.cents[b]!;
      const side = (dir: number): BookLevel[] =>
        Array.from({ length: BOOK_LEVELS }, (_, k) => [centsText(mid + dir * (k + 1)), (this.rand() * 3 + 0.001).toFixed(4)]);
      this.books.set(symbolOf(b), createBook({ bids: side(-1), asks: side(1), step: '0.01' }));
      this.seq.set(`depth:${symbolOf(b)}`, 0);
    }
  }

  get topics(): string[] {
    return [...this.seq.keys()];
  }

  private ticker(i: number, ts: number): Ticker {
    return syntheticTicker(100_000 + i, symbolOf(i), this.cents[i]!, this.rand, ts);
  }

  private bump(topic: string): number {
    const s = this.seq.get(topic)! + 1;
    this.seq.set(topic, s);
    return s;
  }

  /**
   * One batch at `rate` ticks/s: the wire text of each message (one `quotes`, one `depth` per
   * book), with the source's state already moved on. Every GAP_EVERY-th batch, one message is
   * left out: its sequence number is spent, so the next one of its topic is a gap.
   */
  batch(rate: number, ts: number): { wire: string[]; ticks: number } {
    const perBatch = Math.max(2, Math.round(rate / BATCH_HZ));
    const nQuotes = Math.round(perBatch * QUOTE_SHARE);
    const nDepth = perBatch - nQuotes;
    const wire: string[] = [];
    const quotes: Ticker[] = [];
    for (let k = 0; k < nQuotes; k++) {
      const i = this.next++ % this.symbols;
      this.cents[i] = Math.max(1, this.cents[i]! + (this.rand() < 0.5 ? -1 : 1) * (1 + Math.floor(this.rand() * 5)));
      const t = this.ticker(i, ts);
      this.tickers.set(t.symbol, t);
      quotes.push(t);
    }
    const gapAt = ++this.batchNo % GAP_EVERY === 0 && this.gapsOn ? (this.batchNo / GAP_EVERY) % (this.books.size + 1) : -1;
    const send = (topic: string, kind: 'quotes' | 'depth', data: unknown, index: number) => {
      const seq = this.bump(topic);
      if (index === gapAt) this.gapsInjected++;
      else wire.push(JSON.stringify({ topic, kind, seq, data }));
    };
    send('quotes', 'quotes', quotes, 0);
    let b = 0;
    for (const [symbol, book] of this.books) {
      b++;
      const share = Math.floor(nDepth / this.books.size) + (b <= nDepth % this.books.size ? 1 : 0);
      const mid = this.cents[b - 1]!;
      const delta: DepthBook = { bids: [], asks: [] };
      for (let k = 0; k < share; k++) {
        const bid = this.rand() < 0.5;
        const offset = 1 + Math.floor(this.rand() * 60);
        (bid ? delta.bids : delta.asks).push([
          centsText(bid ? mid - offset : mid + offset),
          this.rand() < 0.15 ? '0' : (this.rand() * 3 + 0.001).toFixed(4),
        ]);
      }
      applyDepthDelta(book, delta);
      send(`depth:${symbol}`, 'depth', delta, b);
    }
    return { wire, ticks: nQuotes + nDepth };
  }

  /** What `/api/market/snapshot?topic=` answers now. */
  snapshot(topic: string): TopicSnapshot {
    const seq = this.seq.get(topic)!;
    if (topic === 'quotes') return { topic, kind: 'quotes', seq, data: [...this.tickers.values()] };
    return { topic, kind: 'depth', seq, data: readBook(this.books.get(topic.slice('depth:'.length))!) };
  }
}

interface FeedInternals {
  onMessage(msg: TopicMessage): void;
}

/** The worker as it runs in the browser, minus the socket: the real Feed and state, REST answered by the source. */
class Worker {
  readonly state: WorkerState = createWorkerState();
  readonly feed: Feed;
  resyncs = 0;
  snapshotsApplied = 0;
  private readonly realFetch = globalThis.fetch;

  constructor(private readonly source: Source) {
    const handlers = this.state.feedHandlers(() => undefined);
    this.feed = new Feed('http://source.bench', {
      ...handlers,
      snapshot: (snap) => {
        this.snapshotsApplied++;
        handlers.snapshot(snap);
      },
    });
    globalThis.fetch = (async (input: string | URL) => {
      const topic = new URL(String(input)).searchParams.get('topic')!;
      this.resyncs++;
      const message = this.source.snapshot(topic);
      return { json: async () => ({ type: 'ok', message }) } as unknown as Response;
    }) as typeof fetch;
    this.feed.subscribe(source.topics as never[]);
  }

  receive(wire: string): void {
    (this.feed as unknown as FeedInternals).onMessage(JSON.parse(wire) as TopicMessage);
  }

  close(): void {
    globalThis.fetch = this.realFetch;
  }

  /** Topics whose worker state differs from the source's (a gap left unrepaired). */
  mismatches(): number {
    const internals = this.state.market as unknown as { tickers: Map<string, Ticker> };
    let bad = 0;
    for (const [symbol, t] of this.source.tickers) if (internals.tickers.get(symbol)?.price !== t.price) bad++;
    for (const [symbol, book] of this.source.books)
      if (JSON.stringify(this.state.market.bookOf(symbol)?.bids) !== JSON.stringify(readBook(book).bids)) bad++;
    return bad;
  }
}

/** Lets the resyncs' fetch promises settle (the worker's event loop turning). */
const turn = () => new Promise<void>((r) => setImmediate(r));

interface Step {
  rate: number;
  ticks: number;
  /** Worker time per second of feed, ms (1000 = one core saturated). */
  cpu_ms_per_s: number;
  load_pct: number;
  /** Ticks absorbed per second: the offered rate, or what one core manages when saturated. */
  absorbed: number;
  snapshots: number;
  snapshot_ms: number[];
  snapshot_bytes: number[];
}

/** `seconds` of feed at `rate` through the worker; times only the worker's work. */
async function runStep(source: Source, worker: Worker, rate: number, seconds: number, clock: { ms: number }): Promise<Step> {
  const batches = Math.max(4, Math.round(seconds * BATCH_HZ));
  let busy = 0;
  let ticks = 0;
  const snapshotMs: number[] = [];
  const snapshotBytes: number[] = [];
  for (let i = 0; i < batches; i++) {
    clock.ms += 1000 / BATCH_HZ;
    const { wire, ticks: n } = source.batch(rate, clock.ms);
    ticks += n;
    let t0 = performance.now();
    for (const text of wire) worker.receive(text);
    await turn();
    busy += performance.now() - t0;
    if ((i + 1) % BATCHES_PER_SNAPSHOT === 0 && worker.state.isDirty) {
      t0 = performance.now();
      const snap = worker.state.take(clock.ms);
      const built = performance.now() - t0;
      const bytes = v8.serialize(snap).length;
      busy += performance.now() - t0;
      snapshotMs.push(built);
      snapshotBytes.push(bytes);
    }
  }
  const simulated = batches / BATCH_HZ;
  const cpu = busy / simulated;
  return {
    rate,
    ticks,
    cpu_ms_per_s: cpu,
    load_pct: (cpu / 1000) * 100,
    absorbed: cpu <= 1000 ? ticks / simulated : ticks / (busy / 1000),
    snapshots: snapshotMs.length,
    snapshot_ms: snapshotMs,
    snapshot_bytes: snapshotBytes,
  };
}

/** The baseline on the same messages: a view for every quote of every message, a book view per depth message, each posted. */
function runBaseline(symbols: number, rate: number, seconds: number): { absorbed: number; bytes_per_message: number } {
  const source = new Source(symbols);
  const books = new Map([...source.books].map(([s, b]) => [s, createBook(readBook(b))]));
  const prices = new Map<string, string>();
  const lookup = (s: string) => prices.get(s);
  let busy = 0;
  let ticks = 0;
  let bytes = 0;
  let messages = 0;
  const batches = Math.max(4, Math.round(seconds * BATCH_HZ));
  for (let i = 0; i < batches; i++) {
    const { wire, ticks: n } = source.batch(rate, i * 50);
    ticks += n;
    const t0 = performance.now();
    for (const text of wire) {
      messages++;
      const m = JSON.parse(text) as TopicMessage;
      if (m.kind === 'quotes') {
        const views = m.data.map((t) => {
          prices.set(t.symbol, t.price);
          return buildTickerView(t, DEFAULT_FIAT, 'en', quoteWorth(t.quote, lookup));
        });
        bytes += v8.serialize(views).length;
      } else if (m.kind === 'depth') {
        const symbol = m.topic.slice('depth:'.length);
        const book = books.get(symbol)!;
        applyDepthDelta(book, m.data);
        bytes += v8.serialize(buildBookView(book, { group: 1, groups: [1, 10, 100], rows: 20, priceDecimals: 2, lang: 'en' })).length;
      }
    }
    busy += performance.now() - t0;
  }
  return { absorbed: ticks / (busy / 1000), bytes_per_message: bytes / messages };
}

interface Case {
  symbols: number;
  steps: Step[];
  capacity: number;
  saturated: boolean;
  /** The last step of the ramp (the saturating one when it saturated): the snapshot figures' rate. */
  last: Step;
  gaps: { injected: number; detected: number; recovered: number; unrecovered: number; mismatched_topics: number };
}

async function runCase(symbols: number, ctx: BenchContext): Promise<Case> {
  const source = new Source(symbols);
  const worker = new Worker(source);
  // The UI shows a screenful of rows (and the watched books); every other ticker's view is
  // built about once a second, as in the app.
  worker.state.market.setFocus(Array.from({ length: Math.min(ROWS_ON_SCREEN, symbols) }, (_, i) => symbolOf(i)));
  const clock = { ms: 0 };
  try {
    // The first message of each topic finds no base: the Feed resyncs it (its path on connect
    // without a `sub` answer), then a short warm-up at a low rate lets the JIT settle.
    await runStep(source, worker, 10_000, ctx.quick ? 0.3 : 0.5, clock);
    const base = { injected: source.gapsInjected, resyncs: worker.resyncs, applied: worker.snapshotsApplied };
    const steps: Step[] = [];
    const seconds = ctx.quick ? 0.4 : 1;
    for (const rate of ctx.quick ? QUICK_RAMP : RAMP) {
      const step = await runStep(source, worker, rate, seconds, clock);
      steps.push(step);
      ctx.log(`ingest ${symbols} symbols @ ${rate}/s: load ${round(step.load_pct, 0)} %, absorbed ${Math.round(step.absorbed)}/s`);
      if (step.load_pct >= 100) break;
    }
    // A few quiet batches without gaps: a gap in the last batch is revealed and repaired too.
    source.gapsOn = false;
    await runStep(source, worker, 10_000, 0.2, clock);
    await turn();
    const injected = source.gapsInjected - base.injected;
    const detected = worker.resyncs - base.resyncs;
    const recovered = Math.min(injected, worker.snapshotsApplied - base.applied);
    const mismatched = worker.mismatches();
    const saturated = steps.at(-1)!.load_pct >= 100;
    return {
      symbols,
      steps,
      capacity: Math.max(...steps.map((s) => s.absorbed)),
      saturated,
      last: steps.at(-1)!,
      gaps: { injected, detected, recovered, unrecovered: injected - recovered + mismatched, mismatched_topics: mismatched },
    };
  } finally {
    worker.close();
  }
}

export const ingest: Bench = {
  name: 'ingest',
  id: 'B1',
  title: 'worker ingest, conflation and snapshots in Node (one core), ramped to saturation',
  baseline: 'the old worker-conflation baseline: a view built and posted for every quote of every message (no conflation), same messages',
  targets: [
    { figure: 'ticks_per_s_2000_symbols', op: '>=', value: 300_000, label: '≥ 300k ticks/s on one core' },
    { figure: 'unrecovered_gaps', op: '<=', value: 0, label: '0 unrecovered gaps' },
  ],
  browser: false,
  async run(ctx) {
    const cases: Case[] = [];
    const baselines: { symbols: number; absorbed: number; bytes_per_message: number }[] = [];
    for (const symbols of ctx.quick ? [50, 500, 2000] : SYMBOL_COUNTS) {
      cases.push(await runCase(symbols, ctx));
      const b = runBaseline(symbols, BASELINE_RATE, ctx.quick ? 0.2 : 0.4);
      baselines.push({ symbols, ...b });
      ctx.log(`baseline ${symbols} symbols: ${Math.round(b.absorbed)} ticks/s`);
    }
    const rows: Figure[][] = [];
    const k = (rate: number) => (rate >= 1000 ? `${rate / 1000}k` : String(rate));
    for (const [i, c] of cases.entries()) {
      const ms = quantiles(c.last.snapshot_ms);
      const bytes = quantiles(c.last.snapshot_bytes);
      rows.push([
        `worker (conflated), ${c.symbols} symbols`,
        Math.round(c.capacity),
        c.saturated ? `${k(c.last.rate)}/s (${round(c.last.load_pct, 0)} %)` : `no (${round(c.last.load_pct, 0)} % at ${k(c.last.rate)}/s)`,
        round(ms.p50, 2),
        round(ms.p95, 2),
        round(bytes.p50 / 1024, 1),
        `${c.gaps.injected}/${c.gaps.detected}/${c.gaps.recovered}`,
        c.gaps.unrecovered,
      ]);
      const b = baselines[i]!;
      rows.push([
        `baseline (view per message), ${c.symbols} symbols`,
        Math.round(b.absorbed),
        `${k(BASELINE_RATE)}/s (${round((BASELINE_RATE / b.absorbed) * 100, 0)} %)`,
        'n/a',
        'n/a',
        round(b.bytes_per_message / 1024, 1),
        'n/a',
        'n/a',
      ]);
    }
    const largest = cases.at(-1)!;
    const largestBase = baselines.at(-1)!;
    return {
      conditions: {
        batches_per_s: BATCH_HZ,
        snapshot_every_ms: BATCHES_PER_SNAPSHOT * (1000 / BATCH_HZ),
        quote_share: round(QUOTE_SHARE, 2),
        books: BOOKS,
        book_levels: `2x${BOOK_LEVELS}`,
        gap_every_batches: GAP_EVERY,
        ramp: (ctx.quick ? QUICK_RAMP : RAMP).map(k).join('/'),
        snapshot_figures: 'at the last rate of the ramp',
        focus: `${ROWS_ON_SCREEN} rows on screen + the watched books, in every snapshot; other views about once a second`,
      },
      table: {
        columns: [
          'case',
          'ticks/s (1 core)',
          'saturates at (load)',
          'snapshot p50 ms',
          'snapshot p95 ms',
          'KiB/snapshot',
          'gaps inj/det/rec',
          'unrecovered',
        ],
        rows,
      },
      headline: {
        ticks_per_s_2000_symbols: Math.round(largest.capacity),
        baseline_ticks_per_s_2000_symbols: Math.round(largestBase.absorbed),
        speedup_2000_symbols: round(largest.capacity / largestBase.absorbed, 1),
        ticks_per_s_50_symbols: Math.round(cases[0]!.capacity),
        snapshot_p95_ms_2000_symbols: round(quantiles(largest.last.snapshot_ms).p95, 2),
        snapshot_kib_2000_symbols: round(quantiles(largest.last.snapshot_bytes).p50 / 1024, 1),
        unrecovered_gaps: cases.reduce((s, c) => s + c.gaps.unrecovered, 0),
      },
      detail: {
        cases: cases.map((c) => ({
          symbols: c.symbols,
          capacity: Math.round(c.capacity),
          gaps: c.gaps,
          ramp: c.steps.map((s) => ({
            rate: s.rate,
            load_pct: round(s.load_pct, 1),
            absorbed: Math.round(s.absorbed),
            snapshots: s.snapshots,
            snapshot_ms: quantiles(s.snapshot_ms),
            snapshot_bytes: quantiles(s.snapshot_bytes),
          })),
        })),
        baselines,
      },
    };
  },
};
