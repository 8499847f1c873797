import { proxy } from 'valtio';
import { DEFAULT_FIAT, FIAT_CODES, type FiatRate } from '../../domain/fiat';
import { readStored, STORAGE_KEYS, writeStored } from './storage';

function readFiat(): FiatRate {
  try {
    const stored = JSON.parse(readStored(STORAGE_KEYS.fiat) ?? 'null') as FiatRate | null;
    if (stored && (FIAT_CODES as readonly string[]).includes(stored.currency_code) && typeof stored.rate === 'string') return stored;
  } catch {
    // Unreadable: fall back to the default.
  }
  return DEFAULT_FIAT;
}

/** The display currency (default USDT with rate 1). */
export const fiatState = proxy<{ fiat: FiatRate }>({ fiat: readFiat() });

export function setFiat(fiat: FiatRate): void {
  fiatState.fiat = fiat;
  writeStored(STORAGE_KEYS.fiat, JSON.stringify(fiat));
}
