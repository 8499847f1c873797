/**
 * Paths the app navigates to by name. A leaf module: it imports nothing, so any page or shared
 * piece may use it without an import cycle through the page table (`routes.ts` loads every page).
 */

/** The home page (spec §2 `index/index`), where `/` and "back" with no history land. */
export const HOME_PATH = '/pages/index/index';

/** The trading screen of a pair (issue 9): where tapping a pair anywhere leads. */
export function contractPath(symbol: string): string {
  return `/pages/transaction/contract?symbol=${encodeURIComponent(symbol)}`;
}

/** The trade hub on one of its tabs (`favorites`, `futures`, `coins`, `options`), optionally filtered to a market category. */
export function tradeHubPath(tab: string, category?: string): string {
  return `/pages/transaction/index?tab=${tab}${category ? `&category=${category}` : ''}`;
}

/** The spot (coins) trading screen of a pair (issue 10). */
export function spotPath(symbol: string): string {
  return `/pages/transaction/currency?symbol=${encodeURIComponent(symbol)}`;
}

/** The seconds options screen of a pair (issue 10). */
export function optionsPath(symbol: string): string {
  return `/pages/transaction/index2?symbol=${encodeURIComponent(symbol)}`;
}
