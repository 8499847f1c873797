/** Local storage keys and the version marker that clears old storage once. */
export const STORAGE_KEYS = {
  token: 'token',
  lang: 'lang',
  version: 'version',
  fiat: 'fiat',
  dismissedNotice: 'dismissedNotice',
  hideBalance: 'hideBalance',
  /** The market search's last queries (the watchlist itself is the account's, on the server). */
  recentSearches: 'recentSearches',
  /** The NFT search's last queries. */
  nftRecentSearches: 'nftRecentSearches',
  /** Where the floating customer-service button was dropped: `{side, y}` (src/ui/FloatingSupportButton.tsx). */
  supportButton: 'supportButton',
  /** This browser's random id, sent as `X-Device-Id` so a sign-in from a new device can be noticed (docs/SECURITY.md). */
  deviceId: 'deviceId',
  /** The futures leverage last chosen on each pair: `{ "BTC/USDT": 20 }` (src/pages/futures/OrderFormLeverage.ts). */
  futuresLeverage: 'futuresLeverage',
  /** The contract screen's chart/depth/trades panel: `open` or `closed` (src/pages/futures/ContractPage.tsx). */
  contractPanel: 'contract.panel',
} as const;
/** Bumped when stored data changes shape; older storage is cleared at launch (the spec starts it at 1). */
export const STORAGE_VERSION = 1;

/** Clears all storage once if it was written by an older version (or none). */
export function migrateStorage(storage: Storage = localStorage): void {
  const version = Number(storage.getItem(STORAGE_KEYS.version) ?? 0);
  if (!(version >= STORAGE_VERSION)) {
    storage.clear();
    storage.setItem(STORAGE_KEYS.version, String(STORAGE_VERSION));
  }
}

export function readStored(key: (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS]): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS], value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Private mode or full storage: the app still works for this visit.
  }
}
