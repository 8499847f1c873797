/**
 * The worker's options slice: a pending option at the worker's live price (the would-be result
 * by the domain formula, the price's tone against the open price, the P&L's tone), and a settled
 * one from the private channel with the deciding price, time and rule (`decided_by`) as sent.
 */
import { describe, expect, it } from 'vitest';
import type { Ticker } from '../../domain/market/types';
import type { OptionOrder } from '../../domain/options/types';
import type { PrivateSnapshot, UserMessage } from '../../domain/protocol';
import { AccountSlice } from '../../worker/account/AccountSlice';
import { OptionsSlice } from '../../worker/options/OptionsSlice';

const option = (over: Partial<OptionOrder> = {}): OptionOrder => ({
  id: 1,
  product: 'options',
  open: true,
  symbol: 'BTC/USDT',
  match_id: 1,
  currency_id: 3,
  currency: 'USDT',
  direction: 'down',
  seconds: 30,
  ratio: '0.8',
  number: '10',
  status: 'pending',
  open_price: '60000',
  open_ts: 1_000,
  expires_at: 31_000,
  expected_payout: '18',
  expected_profit: '8',
  close_price: null,
  close_ts: null,
  decided_by: null,
  result: null,
  payout: null,
  profit: null,
  settled_at: null,
  created_at: 1_000,
  updated_at: 1_000,
  ...over,
});

const ticker = (price: string): Ticker => ({
  id: 1,
  symbol: 'BTC/USDT',
  base: 'BTC',
  quote: 'USDT',
  currency_id: 1,
  legal_id: 3,
  category: 'crypto',
  price_decimals: 2,
  qty_decimals: 5,
  price,
  open: '60000',
  high: '60100',
  low: '59900',
  change: '0',
  volume: '1',
  turnover: '60000',
  ts: 2_000,
});

function slices(pending: OptionOrder[]) {
  const account = new AccountSlice();
  const snap: PrivateSnapshot = {
    topic: 'user',
    seq: 1,
    data: {
      session: { user_id: 7 },
      balances: [],
      notifications: { unread: 0, recent: [] },
      orders: [],
      positions: pending,
      support: { unread: 0, recent: [] },
    },
  };
  account.applySnapshot(snap);
  const options = new OptionsSlice(account);
  options.privateChanged();
  return { account, options };
}

describe('the options slice', () => {
  it('shows a pending down option winning while the live price is below its open: price red, P&L green', () => {
    const { options } = slices([option()]);
    options.applyTickers([ticker('59999.5')]);
    const [row] = options.take().options!.pending!;
    expect(row).toMatchObject({
      result: 'win',
      settled: false,
      priceText: '59,999.50',
      priceTone: 'down',
      tone: 'up',
      pnlText: '+8.00',
      decided_by: null,
      close_ts: null,
    });
    // Nothing changed: nothing to send.
    options.applyTickers([ticker('59999.5')]);
    expect(options.isDirty).toBe(false);
  });

  it('keeps a settled option from the private channel with the deciding price, time and rule as sent', () => {
    const { account, options } = slices([option()]);
    options.take();
    const settled = option({
      open: false,
      status: 'settled',
      close_price: '60000.01',
      close_ts: 60_000,
      decided_by: 'record',
      result: 'loss',
      payout: '0',
      profit: '-10',
      settled_at: 61_000,
    });
    const message: UserMessage = { topic: 'user', kind: 'positions', seq: 2, data: [settled] };
    account.apply(message);
    options.applyUser(message);
    options.privateChanged('positions');
    const view = options.take().options!;
    expect(view.pending).toEqual([]);
    expect(view.settled).toMatchObject([
      {
        id: 1,
        settled: true,
        result: 'loss',
        priceText: '60,000.01',
        priceTone: 'up',
        tone: 'down',
        pnlText: '-10.00',
        close_ts: 60_000,
        decided_by: 'record',
      },
    ]);
  });
});
