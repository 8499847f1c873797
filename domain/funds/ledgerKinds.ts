/**
 * Every kind of journal operation, by area in the order of each product's life. The ledger only
 * posts these (server/ledger/Ledger.ts `Operation.kind`), so a new kind fails to compile until it
 * is listed here; and the bills label each one in every language (`funds.kinds.<kind>`,
 * tests/unit/ledgerKinds.test.ts), so no row ever shows a raw `otc_release`.
 */
export const LEDGER_KINDS = [
  // funds
  'deposit',
  'withdraw',
  'withdraw_refund',
  'transfer',
  'exchange',
  'credit',
  // the platform's own fee accounts (no user's bill shows it)
  'fee_rollup',
  // futures
  'futures_order',
  'futures_cancel',
  'futures_open',
  'futures_close',
  'futures_overnight',
  // spot
  'spot_order',
  'spot_cancel',
  'spot_fill',
  // options
  'options_stake',
  'options_settle',
  // lockming
  'lockming_buy',
  'lockming_yield',
  'lockming_redeem',
  // IEO
  'ieo_pay',
  'ieo_allocate',
  'ieo_release',
  'ieo_remainder',
  // dual investment
  'dual_buy',
  'dual_settle',
  // NFT
  'nft_buy',
  'nft_margin',
  'nft_margin_refund',
  'nft_bid_freeze',
  'nft_bid_release',
  'nft_pay',
  'nft_forfeit',
  'nft_box',
  // OTC
  'otc_reserve',
  'otc_release',
  'otc_return',
  'otc_escrow',
  'otc_settle',
  'otc_refund',
  // loans
  'loan_borrow',
  'loan_collateral',
  'loan_release',
  'loan_repay',
  'loan_liquidation',
  // rewards
  'rebate',
  'coupon_fee',
  'deposit_bonus',
] as const;

export type LedgerKind = (typeof LEDGER_KINDS)[number];
