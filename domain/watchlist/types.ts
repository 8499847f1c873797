/** One starred pair of the user's watchlist (`GET /optional/list`). */
export interface WatchlistEntry {
  /** The pair's id, the `match_id` other calls take. */
  match_id: number;
  /** Display symbol, `BASE/QUOTE`. */
  symbol: string;
  /** When it was starred, ms. */
  created_at: number;
}

/** Pairs one account may star; one more is refused with `errors.watchlistFull`. */
export const WATCHLIST_MAX = 200;
