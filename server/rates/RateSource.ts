import type { FiatRateInfo } from '../../domain/rates/types';
import { FIAT_CODES, type FiatCode } from '../../domain/fiat';
import type { Clock } from '../clock';

/**
 * Where fiat display rates come from: one USDT in each currency. A real provider implements
 * `fetch`; the embedded default is a built-in table. Rates are refreshed at most once per 24 h
 * and carry the time they were fetched (`saveTime`).
 */
export interface RateProvider {
  fetch(): Promise<Record<FiatCode, string>>;
}

/** Reference rates (USDT = USD), used when no provider is configured. */
export const BUILT_IN_RATES: Record<FiatCode, string> = {
  USDT: '1',
  USD: '1',
  CNY: '7.2450',
  GBP: '0.7870',
  HKD: '7.8120',
  JPY: '151.24',
  EUR: '0.9215',
  AED: '3.6725',
  THB: '36.42',
  PHP: '57.35',
  SGD: '1.3480',
  VND: '25405',
};

export const builtInRates: RateProvider = { fetch: async () => BUILT_IN_RATES };

const REFRESH_MS = 24 * 3600_000;

export class RateSource {
  private rates: Record<FiatCode, string> | null = null;
  private savedAt = 0;
  private loading: Promise<void> | null = null;

  constructor(
    private readonly provider: RateProvider,
    private readonly clock: Clock,
  ) {}

  /** Every display rate, fetched anew when the last fetch is older than 24 h. */
  async all(): Promise<FiatRateInfo[]> {
    if (!this.rates || this.clock.now() - this.savedAt >= REFRESH_MS) {
      this.loading ??= this.provider.fetch().then(
        (rates) => {
          this.rates = rates;
          this.savedAt = this.clock.now();
        },
        (error: unknown) => {
          // Keep serving the last rates; the next call tries again.
          if (!this.rates) throw error;
        },
      );
      await this.loading.finally(() => (this.loading = null));
    }
    return FIAT_CODES.map((code) => ({ currency_code: code, rate: this.rates![code], saveTime: this.savedAt }));
  }
}
