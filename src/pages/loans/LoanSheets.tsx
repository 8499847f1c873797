/**
 * The loan sheets: repay (in part, or the whole debt with "Repay all"), add collateral, and a
 * loan's history. Previews come from the worker (domain/loans/formulas.ts); the server decides.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Loan, LoanEvent } from '../../../domain/loans/types';
import { apiQuery, useInvalidate } from '../../api/queries';
import { Button } from '../../ui/Button';
import { Sheet } from '../../ui/Sheet';
import { Skeleton } from '../../ui/Skeleton';
import { useFormat } from '../../ui/useFormat';
import { useIdempotentSubmit } from '../../ui/useIdempotentSubmit';
import { useTimeText } from '../../ui/useTimeText';
import { getWorker } from '../../worker-client';
import type { RepayPreview, TopUpPreview } from '../../../worker/loans/preview';
import { Row, USDT, useCoinBalances } from './parts';
import { percent } from './LtvBar';
import styles from './Loans.module.css';
import { useWorkerPreview } from '../../ui/useWorkerPreview';
import { AmountInput } from '../../ui/AmountInput';

export function RepaySheet({ loan, onClose }: { loan: Loan; onClose: () => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const invalidate = useInvalidate();
  const balances = useCoinBalances();
  const available = balances.get('USDT') ?? '0';
  const [amount, setAmount] = useState('');
  const submit = useIdempotentSubmit('/loan/repay');

  const preview = useWorkerPreview<RepayPreview>(() => getWorker().loans.previewRepay(loan, amount, available), [loan, amount, available]);

  async function repay() {
    const done = await submit.run({ id: String(loan.id), amount: amount.trim() });
    if (!done) return;
    await invalidate('balances', 'loans');
    onClose();
  }

  const problem = preview?.problem && amount.trim() ? t(`loans.repayProblem.${preview.problem}`, preview.params) : null;
  return (
    <Sheet open title={t('loans.repayTitle', { id: loan.id })} onClose={onClose}>
      <div className={styles.sheet} data-testid="loan-repay-sheet">
        <dl className={styles.rows}>
          <Row label={t('loans.debt')} value={`${fmt.amount(loan.debt, 'USDT')} USDT`} />
          <Row label={t('loans.interestOwed')} value={`${fmt.amount(loan.interest, 'USDT')} USDT`} />
          <Row label={t('loans.available')} value={`${fmt.balance(available, 'USDT')} USDT`} />
        </dl>
        <AmountInput
          testId="loan-repay-amount"
          value={amount}
          placeholder={t('loans.repayPlaceholder')}
          onChange={(v) => (submit.reset(), setAmount(v))}
          label={t('loans.repayAmount')}
          unit={USDT}
          max={{ label: t('loans.repayAll'), onClick: () => setAmount(loan.debt), testId: 'loan-repay-all' }}
        />
        {problem && (
          <p className={styles.error} role="alert">
            {problem}
          </p>
        )}
        <dl className={styles.rows}>
          <Row label={t('loans.toInterest')} value={`${preview?.interestText ?? '--'} USDT`} />
          <Row label={t('loans.toPrincipal')} value={`${preview?.principalText ?? '--'} USDT`} />
          <Row label={t('loans.remaining')} value={`${preview?.remainingText ?? '--'} USDT`} />
        </dl>
        {preview?.full && (
          <p className={styles.notice}>
            {t('loans.fullNote', { amount: fmt.amount(loan.collateral, loan.currency), coin: loan.currency })}
          </p>
        )}
        <Button
          block
          busy={submit.busy}
          disabled={!preview || preview.problem !== null}
          onClick={() => void repay()}
          data-testid="loan-repay-submit"
        >
          {t('loans.repayConfirm')}
        </Button>
      </div>
    </Sheet>
  );
}

export function TopUpSheet({ loan, onClose }: { loan: Loan; onClose: () => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const invalidate = useInvalidate();
  const balances = useCoinBalances();
  const available = balances.get(loan.currency) ?? '0';
  const [amount, setAmount] = useState('');
  const submit = useIdempotentSubmit('/loan/addCollateral');

  const preview = useWorkerPreview<TopUpPreview>(() => getWorker().loans.previewTopUp(loan, amount, available), [loan, amount, available]);

  async function add() {
    const done = await submit.run({ id: String(loan.id), amount: amount.trim() });
    if (!done) return;
    await invalidate('balances', 'loans');
    onClose();
  }

  const problem = preview?.problem && amount.trim() ? t(`loans.topUpProblem.${preview.problem}`, preview.params) : null;
  return (
    <Sheet open title={t('loans.topUpTitle', { id: loan.id })} onClose={onClose}>
      <div className={styles.sheet} data-testid="loan-topup-sheet">
        <dl className={styles.rows}>
          <Row label={t('loans.collateral')} value={`${fmt.amount(loan.collateral, loan.currency)} ${loan.currency}`} />
          <Row label={t('loans.available')} value={`${fmt.balance(available, loan.currency)} ${loan.currency}`} />
        </dl>
        <AmountInput
          testId="loan-topup-amount"
          value={amount}
          placeholder={t('loans.topUpPlaceholder')}
          onChange={(v) => (submit.reset(), setAmount(v))}
          label={t('loans.addCollateral')}
          unit={loan.currency}
          max={{ label: t('loans.max'), onClick: () => setAmount(available) }}
        />
        {problem && (
          <p className={styles.error} role="alert">
            {problem}
          </p>
        )}
        <dl className={styles.rows}>
          <Row label={t('loans.ltvAfter')} value={preview?.ltvText ?? '--'} />
          <Row label={t('loans.liquidationPriceAfter')} value={`${preview?.liquidationPriceText ?? '--'} USDT`} tone="down" />
        </dl>
        <Button
          block
          busy={submit.busy}
          disabled={!preview || preview.problem !== null}
          onClick={() => void add()}
          data-testid="loan-topup-submit"
        >
          {t('loans.addCollateral')}
        </Button>
      </div>
    </Sheet>
  );
}

export function DetailSheet({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const time = useTimeText();
  const detail = useQuery(apiQuery('/loan/detail', { id: String(id) }));
  const loan = detail.data;
  const describe = (e: LoanEvent): string => {
    if (!loan) return '';
    switch (e.kind) {
      case 'borrow':
        return `+${fmt.amount(e.amount, 'USDT')} USDT`;
      case 'accrual':
        return t('loans.event.accrualText', { day: e.day, amount: fmt.amount(e.amount, 'USDT') });
      case 'repay':
        return t('loans.event.repayText', {
          amount: fmt.amount(e.amount, 'USDT'),
          interest: fmt.amount(e.interest ?? '0', 'USDT'),
          principal: fmt.amount(e.principal ?? '0', 'USDT'),
        });
      case 'collateral':
        return `+${fmt.amount(e.amount, loan.currency)} ${loan.currency}`;
      case 'marginCall':
        return t('loans.event.atPrice', { price: fmt.number(e.price ?? '0') });
      case 'liquidation':
        return t('loans.event.atPrice', { price: fmt.number(e.price ?? '0') });
    }
  };
  return (
    <Sheet open title={t('loans.detailTitle', { id })} onClose={onClose}>
      <div className={styles.sheet} data-testid="loan-detail">
        {!loan ? (
          <Skeleton height={240} />
        ) : (
          <>
            <dl className={styles.rows}>
              <Row label={t('loans.statusLabel')} value={t(`loans.status.${loan.status}`)} />
              <Row label={t('loans.borrowed')} value={`${fmt.amount(loan.borrowed, 'USDT')} USDT`} />
              <Row label={t('loans.collateral')} value={`${fmt.amount(loan.collateral, loan.currency)} ${loan.currency}`} />
              <Row label={t('loans.debt')} value={`${fmt.amount(loan.debt, 'USDT')} USDT`} />
              <Row label={t('loans.interestPaid')} value={`${fmt.amount(loan.interest_paid, 'USDT')} USDT`} />
              <Row label={t('loans.dailyRate')} value={percent(loan.daily_rate, fmt.lang, 3)} />
              <Row label={t('loans.created')} value={time(loan.created_at, 'YYYY-MM-DD HH:mm')} />
              {loan.liquidation && (
                <>
                  <Row label={t('loans.liquidatedAt')} value={`${fmt.number(loan.liquidation.price)} USDT`} tone="down" />
                  <Row label={t('loans.taken')} value={`${fmt.amount(loan.liquidation.taken, loan.currency)} ${loan.currency}`} />
                  <Row label={t('loans.returned')} value={`${fmt.amount(loan.liquidation.returned, loan.currency)} ${loan.currency}`} />
                </>
              )}
            </dl>
            <h3 className={styles.historyTitle}>{t('loans.history')}</h3>
            <ol className={styles.history}>
              {[...loan.history].reverse().map((e) => (
                <li key={e.id} className={styles[`ev_${e.kind}`]}>
                  <div>
                    <b>{t(`loans.event.${e.kind}`)}</b>
                    <span className={styles.muted}>{time(e.created_at, 'MM-DD HH:mm')}</span>
                  </div>
                  <span className="num">{describe(e)}</span>
                </li>
              ))}
            </ol>
          </>
        )}
      </div>
    </Sheet>
  );
}
