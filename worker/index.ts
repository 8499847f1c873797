/**
 * The dedicated worker: owns the only socket, keeps the market books, does the decimal math,
 * and hands the UI at most one snapshot per animation frame holding only what changed.
 */
import { expose } from 'comlink';
import type { FiatRate } from '../domain/fiat';
import { Feed } from './feed/Feed';
import { MarketBooks, type FeedStatus, type WorkerSnapshot } from './MarketBooks';

export type { FeedStatus, Movers, WorkerSnapshot } from './MarketBooks';

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
      user: (m) => (books.addUserMessage(m), schedule()),
      status: (s) => (books.setStatus(s), schedule()),
      dropped: (t) => books.drop(t),
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
};

export type WorkerApi = typeof api;

expose(api);
