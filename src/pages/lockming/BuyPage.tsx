/**
 * A lockming purchase: the product's terms, the coin account's available balance, the
 * amount with "Max" (min of available and what the user may still buy), a live preview from the
 * worker (daily yield, cycle yield, expiry — the domain formulas), a confirmation sheet, then
 * `POST /lh/deposit` (a retry after an answer was lost resends the same Idempotency-Key) and the
 * orders page. The server decides; this only previews.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ACCOUNTS } from '../../../domain/funds/formulas';
import { apiQuery, useInvalidate } from '../../api/queries';
import { showToast } from '../../state/ui';
import { Button } from '../../ui/Button';
import { CoinBadge, useCoinColors } from '../../ui/CoinBadge';
import { Empty } from '../../ui/Empty';
import { Page } from '../../ui/Page';
import { Sheet } from '../../ui/Sheet';
import { Skeleton } from '../../ui/Skeleton';
import { useFormat } from '../../ui/useFormat';
import { useIdempotentSubmit } from '../../ui/useIdempotentSubmit';
import { getWorker } from '../../worker-client';
import type { LockmingPreview } from '../../../worker/lockming/preview';
import { dateTime, ratePercent } from './percent';
import styles from './Lockming.module.css';
import { useWorkerPreview } from '../../ui/useWorkerPreview';
import { AmountInput } from '../../ui/AmountInput';
import { Term } from '../../ui/Term';
import { pagePath } from '../../paths';

export default function BuyPage() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const deposit = useIdempotentSubmit('/lh/deposit');
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const products = useQuery(apiQuery('/lh/deposit/config'));
  const wallet = useQuery(apiQuery('/wallet/list'));
  const colors = useCoinColors();
  const product = products.data?.find((p) => p.id === id);
  const available = useMemo(() => {
    const account = wallet.data?.accounts.find((a) => a.id === ACCOUNTS.change);
    return account?.balances.find((b) => b.currency === product?.currency)?.available ?? '0';
  }, [wallet.data, product?.currency]);
  const [amount, setAmount] = useState('');
  const [max, setMax] = useState('0');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!product) return;
    void getWorker().lockming.max(available, product.user_remaining).then(setMax);
  }, [available, product]);

  const preview = useWorkerPreview<LockmingPreview>(() => {
    if (!product) return null;
    return getWorker().lockming.preview({
      amount,
      daily_rate: product.daily_rate,
      cycle_days: product.cycle_days,
      decimals: product.decimals,
      min_amount: product.min_amount,
      max_amount: max,
      now: Date.now(),
    });
  }, [amount, product, max]);

  async function submit() {
    if (!product) return;
    setBusy(true);
    try {
      // A second tap after a lost answer resends the first attempt's key: one subscription, never two.
      if (!(await deposit.run({ config_id: String(product.id), amount: amount.trim() }))) return;
      await invalidate('balances', 'lockming');
      setConfirming(false);
      showToast(t('lockming.toastDone'));
      void navigate(pagePath('lockming', 'order'), { replace: true });
    } catch {
      // A failed call returned above (the `call` toast said why); this is a failed refresh.
    } finally {
      setBusy(false);
    }
  }

  if (products.isPending) return <Page title={t('lockming.buyTitle')}>{<Skeleton height={320} />}</Page>;
  if (!product) return <Page title={t('lockming.buyTitle')}>{<Empty text={t('lockming.noProduct')} />}</Page>;
  const problem = preview?.problem && amount.trim() ? t(`lockming.problem.${preview.problem}`, preview.params) : null;
  const c = product.currency;
  return (
    <Page title={t('lockming.buyTitle')}>
      <div className={styles.buyHead}>
        <CoinBadge name={c} color={colors.get(c)} size={40} />
        <div>
          <h2>
            {c} · {t(`lockming.category.${product.category}`)}
          </h2>
          <span className={styles.muted}>{t('lockming.daysN', { n: product.cycle_days })}</span>
        </div>
        <div className={styles.right}>
          <div className={`${styles.rate} num up`}>{ratePercent(product.daily_rate, fmt.lang)}</div>
          <div className={styles.muted}>{t('lockming.dailyYield')}</div>
        </div>
      </div>
      <section className={styles.panel}>
        <div className={styles.label}>
          <span>{t('lockming.amount')}</span>
          <span data-testid="lockming-available">
            {t('lockming.available')} <b className="num">{fmt.balance(available, c)}</b> {c}
          </span>
        </div>
        <AmountInput
          testId="lockming-amount"
          value={amount}
          placeholder={t('lockming.minPlaceholder', { min: fmt.amount(product.min_amount, c) })}
          onChange={setAmount}
          label={t('lockming.amount')}
          unit={c}
          max={{ label: t('lockming.max'), onClick: () => setAmount(max), testId: 'lockming-max' }}
        />
        {problem && (
          <p className={styles.error} role="alert">
            {problem}
          </p>
        )}
        {product.user_remaining !== null && (
          <p className={styles.muted}>{t('lockming.remaining', { amount: `${fmt.amount(product.user_remaining, c)} ${c}` })}</p>
        )}
      </section>
      <section className={styles.panel}>
        <dl className={styles.rows}>
          <Term label={t('lockming.estDaily')} tone="up" testId="lockming-preview-daily">
            {preview?.dailyYieldText ?? '--'} {c}
          </Term>
          <Term label={t('lockming.estTotal')} tone="up" testId="lockming-preview-total">
            {preview?.totalYieldText ?? '--'} {c}
          </Term>
          <Term label={t('lockming.expiry')}>{preview ? dateTime(preview.expiresAt) : '--'}</Term>
          <Term label={t('lockming.minimum')}>
            {fmt.amount(product.min_amount, c)} {c}
          </Term>
          <Term label={t('lockming.penaltyRate')}>{t('lockming.perDayLeft', { rate: ratePercent(product.penalty_rate, fmt.lang) })}</Term>
        </dl>
        <p className={styles.note}>{t('lockming.buyNote')}</p>
      </section>
      <div className={styles.footer}>
        <Button
          block
          disabled={!preview || preview.problem !== null || product.status !== 'open'}
          onClick={() => setConfirming(true)}
          data-testid="lockming-buy"
        >
          {t('lockming.buyNow')}
        </Button>
      </div>
      <Sheet open={confirming} title={t('lockming.confirmTitle')} onClose={() => setConfirming(false)}>
        <div className={styles.sheetBody} data-testid="lockming-confirm">
          <dl className={styles.rows}>
            <Term label={t('lockming.amount')}>
              {fmt.number(amount.trim())} {c}
            </Term>
            <Term label={t('lockming.lockup')}>{t('lockming.daysN', { n: product.cycle_days })}</Term>
            <Term label={t('lockming.estDaily')} tone="up">
              {preview?.dailyYieldText} {c}
            </Term>
            <Term label={t('lockming.estTotal')} tone="up">
              {preview?.totalYieldText} {c}
            </Term>
            <Term label={t('lockming.expiry')}>{preview ? dateTime(preview.expiresAt) : '--'}</Term>
          </dl>
          <p className={styles.note}>{t('lockming.confirmNote', { rate: ratePercent(product.penalty_rate, fmt.lang) })}</p>
          <Button block busy={busy} onClick={() => void submit()} data-testid="lockming-confirm-submit">
            {t('lockming.confirm')}
          </Button>
        </div>
      </Sheet>
    </Page>
  );
}
