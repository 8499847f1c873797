/**
 * The loans worker (worker/loans/): the borrow preview at the worker's own price (max borrowable,
 * LTV, a day's interest, the liquidation price, every refusal the server would give), the
 * collateral needed for an amount, a repayment's split and a top-up's LTV; and the live slice:
 * an open loan's LTV and risk from the feed's tickers, recomputed only when its pair ticked and
 * handed over at most every THROTTLE_MS.
 */
import { describe, expect, it } from 'vitest';
import { loanTerms } from '../../domain/loans/terms';
import type { Loan } from '../../domain/loans/types';
import type { Ticker } from '../../domain/market/types';
import { LoansSlice, THROTTLE_MS } from '../../worker/loans/LoansSlice';
import { collateralNeeded, previewBorrow, previewRepay, previewTopUp } from '../../worker/loans/preview';

const btc = loanTerms('BTC')!;
const price = { price: '60000.00', price_decimals: 2 };

const ticker = (symbol: string, p: string): Ticker =>
  ({ symbol, price: p, quote: 'USDT', price_decimals: 2, id: 1, base: symbol.split('/')[0]!, ts: 0 }) as unknown as Ticker;

const loan: Loan = {
  id: 7,
  currency: 'BTC',
  currency_id: 1,
  decimals: 8,
  symbol: 'BTC/USDT',
  status: 'open',
  collateral: '0.5',
  borrowed: '15000',
  principal: '15000',
  interest: '3',
  debt: '15003',
  interest_paid: '0',
  principal_paid: '0',
  days_accrued: 1,
  initial_ltv: '0.65',
  margin_call_ltv: '0.75',
  liquidation_ltv: '0.83',
  daily_rate: '0.0002',
  liquidation_penalty: '0.02',
  liquidation_price: '36151.81',
  margin_called: false,
  created_at: 0,
  next_accrual_at: 0,
  closed_at: null,
  liquidation: null,
};

describe('loan previews', () => {
  it('previews a borrow at the worker price', () => {
    const p = previewBorrow({ terms: btc, collateral: '0.5', amount: '15000', available: '1' }, price, 'en');
    expect(p).toMatchObject({
      problem: null,
      maxBorrow: '19500',
      maxBorrowText: '19,500',
      ltv: '0.5',
      ltvText: '50.00%',
      risk: 'safe',
      dailyInterestText: '3',
      liquidationPriceText: '36,151.81',
      priceText: '60,000.00',
    });
  });

  it('says why the server would refuse', () => {
    const at = (collateral: string, amount: string, available = '1') =>
      previewBorrow({ terms: btc, collateral, amount, available }, price, 'en');
    expect(at('', '100').problem).toBe('collateralRequired');
    expect(at('2', '100')).toMatchObject({ problem: 'collateralBalance', params: { currency: 'BTC' } });
    expect(at('0.5', '').problem).toBe('amountRequired');
    expect(at('0.5', '1.1234567')).toMatchObject({ problem: 'amountDecimals', params: { decimals: 6 } });
    expect(at('0.5', '5')).toMatchObject({ problem: 'min', params: { min: '10' } });
    expect(at('0.5', '19500.01')).toMatchObject({ problem: 'ltvLimit', params: { max: '19,500' } });
    expect(previewBorrow({ terms: btc, collateral: '0.5', amount: '100', available: '1' }, undefined, 'en').problem).toBe('noPrice');
    expect(collateralNeeded(btc, '19500', price)).toBe('0.5');
  });

  it('splits a repayment and previews a top-up', () => {
    expect(previewRepay(loan, '10', '100', 'en')).toMatchObject({
      problem: null,
      interestText: '3',
      principalText: '7',
      remainingText: '14,993',
      full: false,
    });
    expect(previewRepay(loan, '15003', '20000', 'en').full).toBe(true);
    expect(previewRepay(loan, '15003.01', '20000', 'en')).toMatchObject({ problem: 'tooMuch', params: { debt: '15,003' } });
    expect(previewRepay(loan, '100', '50', 'en').problem).toBe('balance');
    expect(previewTopUp(loan, '0.5', '1', price, 'en')).toMatchObject({ problem: null, ltvText: '25.00%' });
  });
});

describe('the live loans slice', () => {
  it('values an open loan at the feed price, only when its pair ticked, throttled', () => {
    const slice = new LoansSlice();
    slice.setLoans([loan, { ...loan, id: 8, status: 'repaid' }]);
    expect(slice.take(0)).toEqual({ loans: { 7: { id: 7, ltv: null, ltvText: '--', risk: null, priceText: '--', valueText: '--' } } });
    slice.applyTickers([ticker('BTC/USDT', '60000.00')]);
    expect(slice.isDirty).toBe(true);
    // Too soon after the last take: held back until the throttle passes.
    expect(slice.take(THROTTLE_MS - 1)).toEqual({});
    expect(slice.take(THROTTLE_MS)).toEqual({
      loans: { 7: { id: 7, ltv: '0.5001', ltvText: '50.01%', risk: 'safe', priceText: '60,000.00', valueText: '30,000' } },
    });
    slice.applyTickers([ticker('ETH/USDT', '3000.00')]);
    expect(slice.isDirty).toBe(false);
    slice.applyTickers([ticker('BTC/USDT', '40000.00')]);
    expect(slice.take(10 * THROTTLE_MS).loans![7]).toMatchObject({ risk: 'marginCall', ltvText: '75.01%' });
    slice.applyTickers([ticker('BTC/USDT', '36000.00')]);
    expect(slice.take(20 * THROTTLE_MS).loans![7]).toMatchObject({ risk: 'liquidation' });
  });

  it('says when a tick it holds back is due, so the last move of a quiet feed is shown without another tick', () => {
    let now = 0;
    const slice = new LoansSlice(() => now);
    slice.setLoans([loan]);
    slice.applyTickers([ticker('BTC/USDT', '60000.00')]);
    slice.take(now);
    expect(slice.dueInMs).toBeNull();
    // Another pair ticks: nothing of the loans' to show, nothing to wait for.
    now = 16;
    slice.applyTickers([ticker('ETH/USDT', '3000.00')]);
    expect(slice.dueInMs).toBeNull();
    expect(slice.isDirty).toBe(false);
    // The collateral's pair ticks right after a take: held back, due when the throttle passes.
    slice.applyTickers([ticker('BTC/USDT', '40000.00')]);
    expect(slice.isDirty).toBe(false);
    expect(slice.dueInMs).toBe(THROTTLE_MS - 16);
    now = THROTTLE_MS;
    expect(slice.dueInMs).toBe(0);
    expect(slice.isDirty).toBe(true);
    expect(slice.take(now).loans![7]).toMatchObject({ risk: 'marginCall', ltvText: '75.01%' });
    expect(slice.dueInMs).toBeNull();
  });
});
