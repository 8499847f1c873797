/**
 * The dedicated worker: owns the only socket, keeps the market books, does the decimal math,
 * and hands the UI at most one snapshot per animation frame holding only what changed.
 */
import { expose } from 'comlink';
import { Decimal } from '../domain/decimal';
import type { FiatRate } from '../domain/fiat';
import { calculateArrival, calculateExchange, parseAmount } from '../domain/funds/formulas';
import { Feed } from './feed/Feed';
import { MarketBooks, type FeedStatus, type WorkerSnapshot } from './MarketBooks';

export type { FeedStatus, Movers, PrivateView, WorkerSnapshot } from './MarketBooks';

type SnapshotListener = (snapshot: WorkerSnapshot) => void;

const books = new MarketBooks();
let listener: SnapshotListener | null = null;
let feed: Feed | null = null;
let intervalMs = 0;
let scheduled = false;

/** Sends the pending changes, if any, to the UI. */
function flush(): void {
  scheduled = false;
  if (!listener || !books.isDirty) return;
  listener(books.takeSnapshot());
}

/** At most one flush per frame (or per `intervalMs` when set), however many ticks arrive. */
function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  if (intervalMs > 0 || typeof requestAnimationFrame !== 'function') setTimeout(flush, intervalMs || 16);
  else requestAnimationFrame(flush);
}

const api = {
  /**
   * Connects to the server at `origin` (idempotent). `snapshotIntervalMs` caps the snapshot rate
   * below the frame rate, e.g. for slow phones; 0 means once per animation frame.
   */
  connect(origin: string, snapshotIntervalMs = 0): void {
    intervalMs = snapshotIntervalMs;
    if (feed) return;
    feed = new Feed(origin, {
      snapshot: (s) => (books.applySnapshot(s), schedule()),
      message: (m) => (books.applyMessage(m), schedule()),
      privateSnapshot: (s) => (books.applyPrivateSnapshot(s), schedule()),
      user: (m) => (books.addUserMessage(m), schedule()),
      status: (s) => (books.setStatus(s), schedule()),
      dropped: (t) => books.drop(t),
      hello: (info) => (books.setServerVersion(info.version), schedule()),
    });
    feed.connect();
  },

  /** Registers the UI's snapshot callback (a comlink proxy). */
  onSnapshot(callback: SnapshotListener): void {
    listener = callback;
    schedule();
  },

  /** Joins the private channel with this session token, or leaves it with null. */
  setToken(token: string | null): Promise<boolean> {
    return feed ? feed.setToken(token) : Promise.resolve(false);
  },

  /** Watches topics (ref-counted: each call needs a matching `unsubscribe`). */
  subscribe(topics: string[]): void {
    feed?.subscribe(topics);
  },

  unsubscribe(topics: string[]): void {
    feed?.unsubscribe(topics);
  },

  /** Sets the display currency used for converted prices. */
  setFiat(fiat: FiatRate): void {
    books.setFiat(fiat);
    schedule();
  },

  getStatus(): FeedStatus {
    return feed?.getStatus() ?? 'connecting';
  },

  /**
   * Preview of an exchange with the same formula the server settles with (domain/funds):
   * what `amount` of the source buys at these prices, less the fee, as decimal strings.
   */
  previewExchange(amount: string, fromPriceUsdt: string, toPriceUsdt: string, feeRate: string, toDecimals: number): ExchangePreview | null {
    const parsed = parseAmount(amount, 18);
    if (!parsed.ok || new Decimal(toPriceUsdt).lte(0)) return null;
    const q = calculateExchange(parsed.amount, fromPriceUsdt, toPriceUsdt, feeRate, toDecimals);
    return { rate: q.rate.toSignificantDigits(10).toFixed(), fee: q.fee.toFixed(), receive: q.receive.toFixed() };
  },

  /** Preview of a withdrawal: what arrives after the fee (server formula), or null for an unreadable amount. */
  previewArrival(amount: string, fee: string, decimals: number): string | null {
    const parsed = parseAmount(amount, decimals);
    return parsed.ok ? calculateArrival(parsed.amount, fee).toFixed() : null;
  },
};

/** An exchange preview in decimal strings. */
export interface ExchangePreview {
  rate: string;
  fee: string;
  receive: string;
}

export type WorkerApi = typeof api;

expose(api);
