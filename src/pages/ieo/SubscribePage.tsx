/**
 * An IEO subscription (`/pages/ieo/subscribe?id=<project>`): the amount in tokens with
 * "Max" (what the coin account's balance pays for, within what the user may still ask for), the
 * cost in the pay coin, the available balance and the limits, a live preview from the worker
 * (the server's cost rule and refusals), a confirmation sheet, then `POST /project/order` and
 * "my subscriptions". The server decides; this only previews. A retry of a submit whose outcome
 * is unknown reuses its Idempotency-Key.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { formatAmount } from '../../../domain/format';
import { normaliseAmount } from '../../../domain/funds/amounts';
import { ACCOUNTS } from '../../../domain/funds/formulas';
import { apiQuery, useInvalidate } from '../../api/queries';
import { call, mayHaveTakenEffect, newIdempotencyKey } from '../../api/request';
import { showToast } from '../../state/ui';
import { Button } from '../../ui/Button';
import { CoinBadge, useCoinColors } from '../../ui/CoinBadge';
import { Empty } from '../../ui/Empty';
import { Page } from '../../ui/Page';
import { Sheet } from '../../ui/Sheet';
import { Skeleton } from '../../ui/Skeleton';
import { useFormat } from '../../ui/useFormat';
import { getWorker } from '../../worker-client';
import type { IeoPreview } from '../../../worker/ieo/preview';
import { Countdown, PhaseBadge } from './parts';
import { dateTime } from './time';
import styles from './Ieo.module.css';
import { useWorkerPreview } from '../../ui/useWorkerPreview';
import { AmountInput } from '../../ui/AmountInput';
import { Term } from '../../ui/Term';
import { pagePath } from '../../paths';

const ID = /^[1-9]\d{0,8}$/;

export default function SubscribePage() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const colors = useCoinColors();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const valid = ID.test(id);
  const project = useQuery({ ...apiQuery('/project/detail', { id: valid ? id : '1' }, { silent: true }), enabled: valid });
  const wallet = useQuery(apiQuery('/wallet/list'));
  const p = project.data;
  const available = useMemo(() => {
    const account = wallet.data?.accounts.find((a) => a.id === ACCOUNTS.change);
    return account?.balances.find((b) => b.currency === p?.pay_currency)?.available ?? '0';
  }, [wallet.data, p?.pay_currency]);
  const remaining = p ? (p.user_remaining ?? p.max_amount) : '0';
  const [amount, setAmount] = useState('');
  const [max, setMax] = useState('0');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  /** The key of the submit in flight: kept while its outcome is unknown, so a retry cannot subscribe twice. */
  const submitKey = useRef<string | null>(null);

  useEffect(() => {
    if (!p) return;
    void getWorker().ieo.max(available, p.price, p.token, p.token_decimals, remaining).then(setMax);
  }, [available, p, remaining]);

  const preview = useWorkerPreview<IeoPreview>(() => {
    if (!p) return null;
    return getWorker().ieo.preview({
      amount,
      token: p.token,
      token_decimals: p.token_decimals,
      price: p.price,
      pay_currency: p.pay_currency,
      pay_decimals: p.pay_decimals,
      min_amount: p.min_amount,
      remaining,
      available,
    });
  }, [amount, p, remaining, available]);

  useEffect(() => {
    // A new amount is a new submit.
    submitKey.current = null;
  }, [amount]);

  async function submit() {
    if (!p) return;
    setBusy(true);
    submitKey.current ??= newIdempotencyKey();
    try {
      await call(
        '/project/order',
        { project_id: String(p.id), amount: amount.trim(), pay_currency: String(p.pay_currency_id) },
        { idempotencyKey: submitKey.current },
      );
      submitKey.current = null;
      await invalidate('balances', 'ieo');
      setConfirming(false);
      showToast(t('ieo.toastDone'));
      void navigate(pagePath('ieo', 'order'), { replace: true });
    } catch (error) {
      // The `call` toast shows the server's reason; only an unknown outcome keeps the key.
      if (!mayHaveTakenEffect(error)) submitKey.current = null;
    } finally {
      setBusy(false);
    }
  }

  if (valid && project.isPending)
    return (
      <Page title={t('ieo.subscribeTitle')}>
        <div className={styles.list}>
          <Skeleton height={320} />
        </div>
      </Page>
    );
  if (!p || !valid)
    return (
      <Page title={t('ieo.subscribeTitle')}>
        <Empty text={t('ieo.noProject')} />
      </Page>
    );
  const problem = preview?.problem && amount.trim() ? t(`ieo.problem.${preview.problem}`, preview.params) : null;
  const tok = (v: string) => `${formatAmount(v, p.token_decimals, fmt.lang)} ${p.token}`;
  const pay = (v: string) => `${formatAmount(v, p.pay_decimals, fmt.lang)} ${p.pay_currency}`;
  return (
    <Page title={t('ieo.subscribeTitle')}>
      <div className={styles.buyHead}>
        <CoinBadge name={p.token} color={colors.get(p.token)} size={40} />
        <div className={styles.names}>
          <h2>{p.token}</h2>
          <span className={styles.muted}>{p.name}</span>
        </div>
        <div className={styles.right}>
          <PhaseBadge phase={p.phase} />
        </div>
      </div>
      <div className={styles.subscribeStrip}>
        <div>
          <span className={styles.muted}>{t('ieo.price')}</span>
          <b className="num">{pay(p.price)}</b>
        </div>
        <Countdown p={p} />
      </div>
      <section className={styles.panel}>
        <div className={styles.label}>
          <span>{t('ieo.amount')}</span>
          <span data-testid="ieo-available">
            {t('ieo.available')} <b className="num">{formatAmount(available, p.pay_decimals, fmt.lang)}</b> {p.pay_currency}
          </span>
        </div>
        <AmountInput
          testId="ieo-amount"
          value={amount}
          placeholder={t('ieo.minPlaceholder', { min: formatAmount(p.min_amount, p.token_decimals, fmt.lang) })}
          onChange={setAmount}
          label={t('ieo.amount')}
          unit={p.token}
          max={{ label: t('ieo.max'), onClick: () => setAmount(max), testId: 'ieo-max' }}
        />
        {problem && (
          <p className={styles.error} role="alert" data-testid="ieo-problem">
            {problem}
          </p>
        )}
        <p className={styles.muted}>{t('ieo.remaining', { amount: tok(remaining) })}</p>
      </section>
      <section className={styles.panel}>
        <dl className={styles.rows}>
          <Term label={t('ieo.cost')} className={styles.costRow} testId="ieo-cost">
            {preview && amount.trim() ? preview.costText : '--'} {p.pay_currency}
          </Term>
          <Term label={t('ieo.minimum')}>{tok(p.min_amount)}</Term>
          <Term label={t('ieo.lockPeriod')}>{t('ieo.daysN', { count: p.lock_days })}</Term>
          <Term label={t('ieo.unlockAt')}>{dateTime(p.unlock_at)}</Term>
        </dl>
        <p className={styles.note}>{t('ieo.subscribeNote')}</p>
      </section>
      <div className={styles.footer}>
        <Button
          block
          disabled={!preview || preview.problem !== null || p.phase !== 'in_progress'}
          onClick={() => setConfirming(true)}
          data-testid="ieo-submit"
        >
          {p.phase === 'in_progress' ? t('ieo.subscribeNow') : p.phase === 'preheating' ? t('ieo.notStarted') : t('ieo.ended')}
        </Button>
      </div>
      <Sheet open={confirming} title={t('ieo.confirmTitle')} onClose={() => setConfirming(false)}>
        <div className={styles.sheetBody} data-testid="ieo-confirm">
          <dl className={styles.rows}>
            {/* Built on every render, open or not: only a plain decimal reaches the formatter ("abc" threw). */}
            <Term label={t('ieo.amount')}>{tok(normaliseAmount(amount) ?? '0')}</Term>
            <Term label={t('ieo.price')}>{pay(p.price)}</Term>
            <Term label={t('ieo.cost')} className={styles.costRow} testId="ieo-confirm-cost">
              {preview?.costText} {p.pay_currency}
            </Term>
            <Term label={t('ieo.unlockAt')}>{dateTime(p.unlock_at)}</Term>
          </dl>
          <p className={styles.note}>{t('ieo.confirmNote')}</p>
          <Button block busy={busy} onClick={() => void submit()} data-testid="ieo-confirm-submit">
            {t('ieo.confirm')}
          </Button>
        </div>
      </Sheet>
    </Page>
  );
}
