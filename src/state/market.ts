import { proxy, ref } from 'valtio';
import { useSelect } from './select';
import type { SortKey } from '../../domain/market/ranking';
import type { PrivateView } from '../../worker/account/AccountSlice';
import type { FeedStatus } from '../../worker/connection/ConnectionSlice';
import type { BookGlance, KlineChange, LiveTickerView, Movers, Rankings } from '../../worker/market/MarketSlice';
import type { BookRowView, BookView } from '../../worker/market/orderBook';
import type { TradeView } from '../../worker/market/tape';
import type { UserMessage } from '../../domain/protocol';
import type { Appliers } from './applier';

/**
 * Live market data from the worker. Each value is held with `ref()`: a component that reads
 * `tickers[symbol]` re-renders when that one ticker is replaced, and no row pays for a deep proxy.
 */
export const marketState = proxy({
  status: 'connecting' as FeedStatus,
  tickers: {} as Record<string, LiveTickerView>,
  /** Every known symbol in catalogue order; replaced only when a new symbol appears. */
  symbols: ref([] as string[]) as readonly string[],
  /** Order books of watched symbols, grouped and written by the worker. */
  depth: {} as Record<string, BookView>,
  /** The trade tape of watched symbols, newest first, written by the worker. */
  trades: {} as Record<string, readonly TradeView[]>,
  /** Headline figures of the books the worker draws itself, for the live region (at most once a second). */
  glance: {} as Record<string, BookGlance>,
  movers: null as Movers | null,
  /**
   * Symbols by each sort column, ascending; each list is replaced (at most once a second) only
   * when its order changes, so a sorted list re-renders only then.
   */
  rankings: {} as Partial<Rankings>,
  /** The server speaks another protocol version than this build: offer a reload. */
  versionMismatch: false,
});

type BalanceRow = NonNullable<PrivateView['balances']>[number];

/**
 * The private channel's state from the worker: the signed-in user's balances (by
 * `account:currency_id`), notifications, open orders and positions. Empty when signed out.
 */
export const privateState = proxy({
  userId: null as number | null,
  balances: {} as Record<string, BalanceRow>,
  notifications: ref({ unread: 0, recent: [] }) as NonNullable<PrivateView['notifications']>,
  orders: ref([]) as NonNullable<PrivateView['orders']>,
  positions: ref([]) as NonNullable<PrivateView['positions']>,
});

/** Merges the worker's private-state changes; a reset replaces everything. */
function applyPrivate(view: PrivateView): void {
  if (view.reset) {
    privateState.userId = view.userId ?? null;
    privateState.balances = {};
    privateState.notifications = ref({ unread: 0, recent: [] });
    privateState.orders = ref([]);
    privateState.positions = ref([]);
  }
  for (const row of view.balances ?? []) privateState.balances[`${row.account}:${row.currency_id}`] = ref(row);
  if (view.notifications) privateState.notifications = ref(view.notifications);
  if (view.orders) privateState.orders = ref(view.orders);
  if (view.positions) privateState.positions = ref(view.positions);
}

type KlineListener = (change: KlineChange) => void;
const klineListeners = new Map<string, Set<KlineListener>>();

/** Charts take bar updates directly (they call `series.update`), not through React state. */
export function onKlines(topic: string, listener: KlineListener): () => void {
  const set = klineListeners.get(topic) ?? new Set();
  set.add(listener);
  klineListeners.set(topic, set);
  return () => set.delete(listener);
}

type UserMessageListener = (message: UserMessage) => void;
const userListeners = new Set<UserMessageListener>();

/** Live messages of the private channel (notifications, balances, session ends), in `seq` order. */
export function onUserMessage(listener: UserMessageListener): () => void {
  userListeners.add(listener);
  return () => userListeners.delete(listener);
}

const sameRow = (a: BookRowView | undefined, b: BookRowView) =>
  a !== undefined &&
  a.price === b.price &&
  a.priceText === b.priceText &&
  a.qtyText === b.qtyText &&
  a.totalText === b.totalText &&
  a.ratio === b.ratio;

/**
 * The new book view with the previous view's row objects wherever a row is unchanged: rows come
 * through `postMessage` as fresh objects every snapshot, and a row component re-renders only
 * when its row object changes (see `useSelect`).
 */
function shareBook(prev: BookView | undefined, next: BookView): BookView {
  if (!prev) return next;
  const share = (old: readonly BookRowView[], rows: BookRowView[]) => rows.map((row, i) => (sameRow(old[i], row) ? old[i]! : row));
  const groupTexts = prev.groupTexts.join('|') === next.groupTexts.join('|') ? prev.groupTexts : next.groupTexts;
  return { ...next, groupTexts, bids: share(prev.bids, next.bids), asks: share(prev.asks, next.asks) };
}

/** The new tape with the previous trade objects (a trade never changes once printed), so only new rows render. */
function shareTape(prev: readonly TradeView[] | undefined, next: TradeView[]): readonly TradeView[] {
  if (!prev?.length) return next;
  const byId = new Map(prev.map((t) => [t.id, t]));
  const list = next.map((t) => {
    const old = byId.get(t.id);
    return old && old.priceText === t.priceText && old.qtyText === t.qtyText && old.timeText === t.timeText ? old : t;
  });
  return list.length === prev.length && list.every((t, i) => t === prev[i]) ? prev : list;
}

/** How the connection's, the market's and the private channel's parts of a snapshot are merged (state/snapshot.ts lists every area's). */
export const marketAppliers: Appliers<
  'status' | 'versionMismatch' | 'private' | 'tickers' | 'movers' | 'rankings' | 'depth' | 'trades' | 'glance' | 'klines' | 'user'
> = {
  status: (status) => {
    marketState.status = status;
  },
  versionMismatch: (mismatch) => {
    marketState.versionMismatch = mismatch;
  },
  private: applyPrivate,
  tickers: (tickers) => {
    let added = false;
    // A ticker comes whole the first time, then as the fields that changed: merged into a new
    // object, so the components reading that one ticker re-render and no other.
    for (const [symbol, patch] of Object.entries(tickers)) {
      const old = marketState.tickers[symbol];
      if (!old) added = true;
      marketState.tickers[symbol] = ref(old ? { ...old, ...patch } : (patch as LiveTickerView));
    }
    if (added) {
      const all = Object.values(marketState.tickers).sort((a, b) => a.id - b.id);
      marketState.symbols = ref(all.map((t) => t.symbol));
    }
  },
  movers: (movers) => {
    marketState.movers = ref(movers);
  },
  rankings: (rankings) => {
    for (const [key, order] of Object.entries(rankings) as [SortKey, string[]][]) marketState.rankings[key] = ref(order);
  },
  depth: (depth) => {
    for (const [symbol, view] of Object.entries(depth)) marketState.depth[symbol] = ref(shareBook(marketState.depth[symbol], view));
  },
  trades: (trades) => {
    for (const [symbol, list] of Object.entries(trades)) {
      const shared = shareTape(marketState.trades[symbol], list);
      if (shared !== marketState.trades[symbol]) marketState.trades[symbol] = ref(shared);
    }
  },
  glance: (glance) => {
    for (const [symbol, g] of Object.entries(glance)) marketState.glance[symbol] = ref(g);
  },
  klines: (klines) => {
    for (const [topic, change] of Object.entries(klines)) klineListeners.get(topic)?.forEach((l) => l(change));
  },
  user: (messages) => {
    for (const message of messages) userListeners.forEach((l) => l(message));
  },
};

/**
 * One pair's live ticker, re-rendering only when that ticker is replaced. Read through here, not
 * `useSnapshot(marketState.tickers)` nor `useSnapshot(marketState)`: a valtio snapshot copies the
 * whole record of tickers (every pair: 2,000 in bench/ scroll) each time any one of them changes,
 * which was a quarter of the market page's main thread under a fling at 4× CPU.
 */
export function useTicker(symbol: string | undefined): LiveTickerView | undefined {
  return useSelect(marketState.tickers, (all) => (symbol === undefined ? undefined : all[symbol]));
}

/** One top-level field of the market state (its values are held with `ref()`), without a snapshot of the tickers. */
export function useMarketField<K extends 'status' | 'versionMismatch' | 'symbols' | 'movers'>(key: K): (typeof marketState)[K] {
  return useSelect(marketState, (s) => s[key]);
}
