import { useTranslation } from 'react-i18next';
import type { BillItem } from '../../../domain/funds/types';
import { parseAccount } from '../../../domain/funds/formulas';
import { CoinBadge } from '../../ui/CoinBadge';
import { accountLabel, billKindLabel } from '../../ui/fundsLabels';
import { useFormat } from '../../ui/useFormat';
import { useTimeText } from '../../ui/useTimeText';
import { signedAmount } from './signedAmount';
import styles from './BillRow.module.css';

/**
 * One journal row: what it was, when, and the signed change of the available balance (and of
 * the frozen one when that moved). `detailed` adds the coin, the account and the balance after,
 * for lists that mix coins and accounts.
 */
export function BillRow({ bill, detailed = false, color }: { bill: BillItem; detailed?: boolean; color?: string }) {
  const { t } = useTranslation();
  const timeText = useTimeText();
  const fmt = useFormat();
  const amount = (value: string) => fmt.amount(value, bill.currency);
  const delta = signedAmount(bill.delta_available, amount);
  const frozen = bill.delta_frozen.trim() === '0' ? null : signedAmount(bill.delta_frozen, amount);
  const account = parseAccount(String(bill.account));
  return (
    <li className={styles.row} data-testid="bill-item" data-kind={bill.kind}>
      {detailed && <CoinBadge name={bill.currency} color={color} size={32} />}
      <div className={styles.main}>
        <div className={styles.title}>
          <span className={styles.kind}>{billKindLabel(t, bill.kind)}</span>
          {detailed && account && <span className={styles.tag}>{accountLabel(t, account)}</span>}
        </div>
        <time className={styles.time}>{timeText(bill.created_at)}</time>
      </div>
      <div className={styles.amounts}>
        <b className={`${styles.delta} num ${delta.tone}`} data-testid="bill-delta">
          {delta.text}
          {detailed && <span className={styles.currency}>{bill.currency}</span>}
        </b>
        {frozen && <span className={`${styles.sub} num`}>{t('funds.records.frozenDelta', { amount: frozen.text })}</span>}
        {detailed && (
          <span className={`${styles.sub} num`}>
            {t('funds.records.balanceAfter', { amount: fmt.amount(bill.available_after, bill.currency) })}
          </span>
        )}
      </div>
    </li>
  );
}
