/** The accounts OTC moves USDT between, and how its amounts are written. */
import type { Decimal } from '../../../domain/decimal';
import { ACCOUNTS, type AccountId } from '../../../domain/funds/formulas';
import { shardOf } from '../../ledger/Ledger';

/** The coin account: bought USDT arrives in it and sold USDT leaves it. */
export const COIN: AccountId = ACCOUNTS.change;

export const escrowFor = (userId: number) => ({ platform: 'escrow' as const, shard: shardOf(userId) });
export const fixed = (d: Decimal) => d.toFixed();
