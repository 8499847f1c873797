/**
 * The worker's live areas, one slice each, one line per area. The order is the order in which
 * `state.ts` hands every event to the slices' hooks and merges their changes: the account slice
 * comes before the slices that read it (futures, options), so they see the account as it is after
 * the event. A new live area adds its folder and a line here.
 */
import { AccountSlice } from './account/AccountSlice';
import { ChatSlice } from './chat/ChatSlice';
import { ConnectionSlice } from './connection/ConnectionSlice';
import { FuturesSlice } from './futures/FuturesSlice';
import { LoansSlice } from './loans/LoansSlice';
import { MarketSlice } from './market/MarketSlice';
import { AuctionSlice } from './nft/AuctionSlice';
import { OptionsSlice } from './options/OptionsSlice';

/**
 * A fresh set of slices, keyed by area (`state.market`, `state.futures`, …). `now` is the clock
 * of the slices that hold changes back for a while (`Slice.dueInMs`), injected in tests.
 */
export function createAreas(now: () => number = Date.now) {
  const account = new AccountSlice();
  return {
    connection: new ConnectionSlice(),
    market: new MarketSlice(now),
    account,
    futures: new FuturesSlice(account, now),
    options: new OptionsSlice(account),
    auctions: new AuctionSlice(),
    loans: new LoansSlice(now),
    chat: new ChatSlice(),
  };
}
export type Areas = ReturnType<typeof createAreas>;
