/** Pieces shared by the loan page and its sheets. */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ACCOUNTS } from '../../../domain/funds/formulas';
import { LOAN_COIN } from '../../../domain/loans/terms';
import { apiQuery } from '../../api/queries';
import { Term } from '../../ui/Term';
import styles from './Loans.module.css';

/** The borrowed coin's name. */
export const USDT = LOAN_COIN.name;

/** The coin account's available balance of each currency, by name. */
export function useCoinBalances(): Map<string, string> {
  const wallet = useQuery(apiQuery('/wallet/list'));
  return useMemo(() => {
    const account = wallet.data?.accounts.find((a) => a.id === ACCOUNTS.change);
    return new Map((account?.balances ?? []).map((b) => [b.currency, b.available]));
  }, [wallet.data]);
}

/** A term of a loan's lists, with an optional note after its value. */
export function Row({ label, value, note, tone }: { label: string; value: string; note?: string; tone?: 'up' | 'down' }) {
  return (
    <Term label={label} tone={tone}>
      {value}
      {note && <small className={styles.note}> · {note}</small>}
    </Term>
  );
}
