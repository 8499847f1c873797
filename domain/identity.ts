import type { Lang } from './i18n';
import type { IdentityState } from './identity/types';

/** What each identity level allows. Amounts are decimal strings. */
export const IDENTITY_LIMITS = {
  1: { withdrawBtcPer24h: '200', fiatPerTrade: '2000' },
  2: { withdrawBtcPer24h: '500', fiatPerTrade: '1000000' },
} as const;

/**
 * The advanced level's fiat limit per trade as the text in `lang` states it: the texts record
 * 100,000 USDT in the Japanese text and 1,000,000 USDT in the others, and both readings hold.
 */
export function selectFiatTradeLimit(level: 1 | 2, lang: Lang): string {
  return level === 2 && lang === 'jp' ? '100000' : IDENTITY_LIMITS[level].fiatPerTrade;
}

/** The level a profile shows: 0 (none), 1 (basic) or 2 (advanced). */
export function identityLevelShown(level: number): 0 | 1 | 2 {
  return level >= 2 ? 2 : level >= 1 ? 1 : 0;
}

/** A user's verification as every page shows it: one reading of `GET /real/state`. */
export interface IdentityView {
  /** Highest approved level. */
  level: 0 | 1 | 2;
  /** The level of a submission waiting for review, if one is. */
  pending: 1 | 2 | null;
  /** The latest submission was refused (the user may submit again). */
  rejected: boolean;
}

export function identityView(state: Pick<IdentityState, 'level' | 'status' | 'submitted_level'>): IdentityView {
  return {
    level: identityLevelShown(state.level),
    pending: state.status === 'pending' ? state.submitted_level : null,
    rejected: state.status === 'rejected',
  };
}
