/**
 * Language and display currency: applied at once on this device, and remembered on the
 * account when signed in (so another device picks them up).
 */
import type { FiatCode } from '../../domain/fiat';
import type { Lang } from '../../domain/i18n';
import { call } from '../api/request';
import { changeLang } from '../i18n';
import { fiatState, setFiat } from './fiat';
import { sessionState } from './session';

/** Rates older than this are fetched again (at most once per 24 h). */
export const FIAT_RATE_MAX_AGE_MS = 24 * 3600_000;

/** Switches the display currency, fetching its rate. */
export async function chooseFiat(code: FiatCode): Promise<void> {
  const [rate] = await call('/wallet/getRateCurrency', { id: code });
  if (!rate) return;
  setFiat({ currency_code: code, rate: rate.rate, saveTime: rate.saveTime });
  if (sessionState.token) await call('/user/setFiat', { fiat: code }, { silent: true }).catch(() => undefined);
}

/** Refreshes the current display rate when it is older than 24 h. */
export async function refreshFiatRate(): Promise<void> {
  const { currency_code, saveTime } = fiatState.fiat;
  if (currency_code === 'USDT' || Date.now() - saveTime < FIAT_RATE_MAX_AGE_MS) return;
  await chooseFiat(currency_code).catch(() => undefined);
}

/** Switches the interface language (re-renders at once) and saves it on the account. */
export async function chooseLang(lang: Lang): Promise<void> {
  await changeLang(lang);
  if (sessionState.token) await call('/user/setLanguage', { language: lang }, { silent: true }).catch(() => undefined);
}
