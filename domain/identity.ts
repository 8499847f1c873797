import type { Lang } from './i18n';

/** What each identity level allows (spec §6). Amounts are decimal strings. */
export const IDENTITY_LIMITS = {
  1: { withdrawBtcPer24h: '200', fiatPerTrade: '2000' },
  2: { withdrawBtcPer24h: '500', fiatPerTrade: '1000000' },
} as const;

/**
 * The advanced level's fiat limit per trade as the text in `lang` states it: spec §6 records
 * 100,000 USDT in the Japanese text and 1,000,000 USDT in the others, and both readings hold.
 */
export function selectFiatTradeLimit(level: 1 | 2, lang: Lang): string {
  return level === 2 && lang === 'jp' ? '100000' : IDENTITY_LIMITS[level].fiatPerTrade;
}

/** The level a profile shows: 0 (none), 1 (basic) or 2 (advanced). */
export function identityLevelShown(level: number): 0 | 1 | 2 {
  return level >= 2 ? 2 : level >= 1 ? 1 : 0;
}
