/**
 * Paths the app navigates to by name. A leaf module: it imports nothing, so any page or shared
 * piece may use it without an import cycle through the page table (`routes.ts` loads every page).
 */

/** The home page (spec §2 `index/index`), where `/` and "back" with no history land. */
export const HOME_PATH = '/pages/index/index';
