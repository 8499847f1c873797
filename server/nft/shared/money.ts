/**
 * What every NFT sub-domain shares about money (docs/NFT.md "Terms", "Ledger keys"): the coin
 * account, the market's terms, who a sale pays and where a margin is held, the keys of a bid's
 * cover, and the balance check before a purchase.
 */
import { Decimal } from '../../../domain/decimal';
import { ACCOUNTS, type AccountId } from '../../../domain/funds/formulas';
import type { Queryable } from '../../db/db';
import { AppError } from '../../http/AppError';
import type { Balances } from '../../ledger/Balances';
import { holderName, shardOf, type Holder, type PostedOperation } from '../../ledger/Ledger';

/** The coin account: NFTs are paid from it and sellers are paid into it. */
export const COIN: AccountId = ACCOUNTS.change;

/** The market's terms (docs/NFT.md "Terms"): the fee on every sale and the seller's share of a forfeited margin. */
export interface NftTerms {
  feeRate: string;
  forfeitSellerShare: string;
  /** The coins NFTs may be priced in. */
  currencies: readonly string[];
}

export const DEFAULT_NFT_TERMS: NftTerms = { feeRate: '0.025', forfeitSellerShare: '0.5', currencies: ['USDT', 'ETH'] };

export const fixed = (d: Decimal) => d.toFixed();

/** The escrow shard an auction margin of this user is held in. */
export const escrowFor = (userId: number): Holder => ({ platform: 'escrow', shard: shardOf(userId) });

/** Who is paid for a sale: its seller's coin account, or the treasury for the platform's own sales. */
export const payee = (sellerId: number | null): Holder =>
  sellerId === null ? { platform: 'treasury' } : { userId: sellerId, account: COIN };

/** The ledger keys of a bid's cover: frozen when it is placed, released when it is outbid (docs/NFT.md "Ledger keys"). */
export const bidCoverKey = (bidId: number, what: 'freeze' | 'release') => `nft:bid:${bidId}:${what}`;

/** What an operation moved into (or out of, negative) a user's frozen coin balance of a currency. */
export function frozenMoved(op: PostedOperation | undefined, userId: number, currencyId: number): Decimal {
  const name = holderName({ userId, account: COIN });
  return (op?.legs ?? [])
    .filter((l) => holderName(l.holder) === name && l.currencyId === currencyId)
    .reduce((sum, l) => sum.plus(l.frozen), new Decimal(0));
}

/** Checks the buyer's coin balance before posting, for a plain error (the ledger refuses a negative balance anyway). */
export async function afford(balances: Balances, q: Queryable, userId: number, currencyId: number, amount: Decimal): Promise<void> {
  const balance = await balances.one(userId, COIN, currencyId, q);
  if (new Decimal(balance?.available ?? 0).lt(amount)) throw new AppError('errors.insufficientBalance');
}
