/**
 * The loan terms per collateral coin (docs/LOANS.md): a constant table, listed by `GET /loan/terms`,
 * copied onto each loan at the borrow (a later change of the table never changes an open loan).
 * The coins are those the market quotes against USDT; the figures follow Binance's and OKX's
 * flexible loans: the safer the coin, the higher the LTVs and the lower the rate.
 */
import type { LoanTerms } from './types';

/** The borrowed coin: USDT (currency 3, 6 decimals). */
export const LOAN_COIN = { id: 3, name: 'USDT', decimals: 6 } as const;

type Row = Omit<LoanTerms, 'symbol'>;

const ROWS: Row[] = [
  {
    currency: 'BTC',
    currency_id: 1,
    decimals: 8,
    initial_ltv: '0.65',
    margin_call_ltv: '0.75',
    liquidation_ltv: '0.83',
    daily_rate: '0.0002',
    liquidation_penalty: '0.02',
    min_borrow: '10',
    max_borrow: '2000000',
  },
  {
    currency: 'ETH',
    currency_id: 2,
    decimals: 8,
    initial_ltv: '0.65',
    margin_call_ltv: '0.75',
    liquidation_ltv: '0.83',
    daily_rate: '0.0002',
    liquidation_penalty: '0.02',
    min_borrow: '10',
    max_borrow: '1000000',
  },
  {
    currency: 'BNB',
    currency_id: 5,
    decimals: 8,
    initial_ltv: '0.6',
    margin_call_ltv: '0.72',
    liquidation_ltv: '0.8',
    daily_rate: '0.00025',
    liquidation_penalty: '0.03',
    min_borrow: '10',
    max_borrow: '300000',
  },
  {
    currency: 'SOL',
    currency_id: 6,
    decimals: 8,
    initial_ltv: '0.55',
    margin_call_ltv: '0.7',
    liquidation_ltv: '0.78',
    daily_rate: '0.0003',
    liquidation_penalty: '0.03',
    min_borrow: '10',
    max_borrow: '300000',
  },
  {
    currency: 'LTC',
    currency_id: 4,
    decimals: 8,
    initial_ltv: '0.55',
    margin_call_ltv: '0.7',
    liquidation_ltv: '0.78',
    daily_rate: '0.0003',
    liquidation_penalty: '0.03',
    min_borrow: '10',
    max_borrow: '100000',
  },
];

/** Every collateral coin's terms, in display order. */
export const LOAN_TERMS: readonly LoanTerms[] = ROWS.map((r) => ({ ...r, symbol: `${r.currency}/${LOAN_COIN.name}` }));

/** The terms of a collateral coin by name or currency id. */
export function loanTerms(coin: string | number): LoanTerms | undefined {
  return LOAN_TERMS.find((t) => (typeof coin === 'number' ? t.currency_id === coin : t.currency === coin));
}
