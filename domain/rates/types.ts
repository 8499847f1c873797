/** Payload types of the rates area's API answers (the `message` of a success envelope). */

/** A fiat display rate: one USDT is `rate` of `currency_code`. */
export interface FiatRateInfo {
  currency_code: string;
  rate: string;
  saveTime: number;
}
