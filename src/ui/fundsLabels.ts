import type { TFunction } from 'i18next';
import { accountName, type AccountId, type AccountName } from '../../domain/funds/formulas';
import { isTranslationKey } from '../i18n';

/** "Fiat", "Coin", "Futures", "Options": an asset account's name in the interface language. */
export function accountLabel(t: TFunction, account: AccountId | AccountName): string {
  const name = typeof account === 'number' ? accountName(account) : account;
  return t(`funds.accounts.${name}`);
}

/** What a journal row was (deposit, transfer, …); unknown kinds show as they are. */
export function billKindLabel(t: TFunction, kind: string): string {
  const key = `funds.kinds.${kind}`;
  return isTranslationKey(key) ? t(key) : kind;
}
