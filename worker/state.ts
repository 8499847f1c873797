/**
 * The worker's state: one slice per area, composed here. `index.ts` wires it to the feed and the
 * UI; tests drive it directly.
 */
import { AccountSlice } from './account/AccountSlice';
import { ChatSlice } from './chat/ChatSlice';
import { ConnectionSlice } from './connection/ConnectionSlice';
import type { FeedHandlers } from './feed/Feed';
import { FuturesSlice } from './futures/FuturesSlice';
import { LoansSlice } from './loans/LoansSlice';
import { MarketSlice } from './market/MarketSlice';
import { AuctionSlice } from './nft/AuctionSlice';
import { OptionsSlice } from './options/OptionsSlice';
import { takeChanges, type ChangesOf } from './slice';
import type { Ticker } from '../domain/market/types';

function createSlices() {
  const account = new AccountSlice();
  return {
    connection: new ConnectionSlice(),
    market: new MarketSlice(),
    account,
    futures: new FuturesSlice(account),
    options: new OptionsSlice(account),
    auctions: new AuctionSlice(),
    loans: new LoansSlice(),
    chat: new ChatSlice(),
  };
}
type Slices = ReturnType<typeof createSlices>;

/** What the UI receives, at most once per frame: the dirty slices' changes, merged. */
export type WorkerSnapshot = Partial<ChangesOf<Slices[keyof Slices]>>;

export function createWorkerState() {
  const slices = createSlices();
  const all = Object.values(slices);
  return {
    ...slices,
    /** True when any slice changed since the last `take`. */
    get isDirty(): boolean {
      return all.some((s) => s.isDirty);
    },
    /** The dirty slices' changes, merged; `nowMs` paces slow work (the movers ranking). */
    take(nowMs = Date.now()): WorkerSnapshot {
      return takeChanges(all, nowMs);
    },
    /** Feed handlers that apply what arrives to its slice, then call `changed`. */
    feedHandlers(changed: () => void): FeedHandlers {
      const tickers = (data: Ticker[]) => (
        slices.futures.applyTickers(data),
        slices.options.applyTickers(data),
        slices.loans.applyTickers(data)
      );
      return {
        snapshot: (s) => (
          slices.market.applySnapshot(s),
          slices.auctions.apply(s),
          slices.chat.apply(s),
          s.kind === 'quotes' && tickers(s.data),
          changed()
        ),
        message: (m) => (
          slices.market.applyMessage(m),
          slices.auctions.apply(m),
          slices.chat.apply(m),
          m.kind === 'quotes' && tickers(m.data),
          changed()
        ),
        privateSnapshot: (s) => (
          slices.account.applySnapshot(s),
          slices.futures.privateChanged(),
          slices.options.privateChanged(),
          changed()
        ),
        user: (m) => (
          slices.account.apply(m),
          slices.futures.privateChanged(m.kind),
          slices.options.applyUser(m),
          slices.options.privateChanged(m.kind),
          changed()
        ),
        status: (s) => (slices.connection.setStatus(s), changed()),
        dropped: (t) => (slices.market.drop(t), slices.auctions.drop(t), slices.chat.drop(t)),
        hello: (info) => (slices.connection.setServerVersion(info.version), changed()),
      };
    },
  };
}
export type WorkerState = ReturnType<typeof createWorkerState>;
