/**
 * Deposit networks, withdrawal fees and minimums, and the exchange fee. Operators change these
 * here (a later console may move them to settings); amounts are decimal strings.
 */

export interface DepositNetwork {
  /** Network name, the `type` of `/wallet/charge_req`. */
  type: string;
  /** The platform's receiving address on that network. */
  address: string;
  /** Deposits below this are refused. */
  min: string;
}

/** The built-in deposit coins: USDT on ERC20 and TRC20 (id 3), ETH (id 2), BTC (id 1). */
export const DEPOSIT_COINS: { currencyId: number; networks: DepositNetwork[] }[] = [
  {
    currencyId: 3,
    networks: [
      { type: 'TRC20', address: 'TXk3vR7yQm2Lp8WcN4dFh6Gs9JbZaEu5Ko', min: '10' },
      { type: 'ERC20', address: '0x4B7c1E92a3fD60e58C7b2a19F4dE03c6A8b95F21', min: '20' },
    ],
  },
  { currencyId: 2, networks: [{ type: 'ERC20', address: '0x4B7c1E92a3fD60e58C7b2a19F4dE03c6A8b95F21', min: '0.01' }] },
  { currencyId: 1, networks: [{ type: 'BTC', address: 'bc1q7m3v9xk2t0yqz5lw8h4rj6ncs2d9fe0gua3kpl', min: '0.0005' }] },
];

export interface WithdrawRule {
  /** Network fee, taken from the amount. */
  fee: string;
  min: string;
}

/** Withdrawal fee and minimum per currency id; coins not listed cannot be withdrawn. */
export const WITHDRAW_RULES: Record<number, WithdrawRule> = {
  3: { fee: '1', min: '10' },
  2: { fee: '0.002', min: '0.01' },
  1: { fee: '0.0002', min: '0.001' },
};

/** Share of an exchange kept as its fee. */
export const EXCHANGE_FEE_RATE = '0.002';

/** How long a firm exchange quote holds (Binance Convert and OKX Convert give 5–10 s). */
export const EXCHANGE_QUOTE_SECONDS = 10;

/** Seeded platform liquidity for exchanges, per currency id (recorded as credits). */
export const TREASURY_SEED: Record<number, string> = {
  1: '50',
  2: '800',
  3: '3000000',
  4: '20000',
  5: '4000',
  6: '15000',
};

/** The demo account's starting money: `[account, currency id, amount]`, credited through the ledger. */
export const DEMO_FUNDS: [account: 1 | 2 | 3 | 4, currencyId: number, amount: string][] = [
  [1, 3, '5000'],
  [2, 3, '10000'],
  [2, 1, '0.25'],
  [2, 2, '3'],
  [3, 3, '2000'],
  [4, 3, '1000'],
];
