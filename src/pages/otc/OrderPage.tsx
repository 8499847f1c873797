/**
 * One OTC order (`/pages/otc/order?id=`): its state, the amounts and price, the merchant's payment
 * details, a countdown to the pay deadline (computed in the worker each second), and what the user
 * may do now: "I have paid", cancel (before paying), appeal (after paying, or a sell order waiting).
 * Every action is a money call with its own Idempotency-Key; the server decides.
 */
import { useQuery } from '@tanstack/react-query';
import { Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { OtcOrder } from '../../../domain/otc/types';
import { apiQuery, useInvalidate } from '../../api/queries';
import { Button } from '../../ui/Button';
import { Empty } from '../../ui/Empty';
import { Page } from '../../ui/Page';
import { Sheet } from '../../ui/Sheet';
import { Skeleton } from '../../ui/Skeleton';
import { useIdempotentSubmit } from '../../ui/useIdempotentSubmit';
import { useSecondTick } from '../../ui/useSecondTick';
import { getWorker } from '../../worker-client';
import { Methods, orderRef, StateBadge, useOtcAmounts } from './parts';
import { dateTime } from './time';
import styles from './Otc.module.css';
import { Term } from '../../ui/Term';

const ID = /^[1-9]\d{0,8}$/;

/** The time left to pay, ticking each second (the worker computes it); refetches the order once it runs out. */
function PayCountdown({ o }: { o: OtcOrder }) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const ticking = o.state === 'pending_payment' && o.pay_deadline !== null;
  const now = useSecondTick(ticking);
  const [text, setText] = useState('');
  const refetched = useRef(false);
  useEffect(() => {
    if (!ticking) return;
    let live = true;
    void getWorker()
      .otc.countdown(o.pay_deadline!, now)
      .then((c) => {
        if (!live) return;
        setText(c.text);
        if (c.over && !refetched.current) {
          refetched.current = true;
          void invalidate('otc');
        }
      });
    return () => {
      live = false;
    };
  }, [ticking, o.pay_deadline, now, invalidate]);
  if (!ticking) return null;
  return (
    <p>
      {t('otc.payWithin')}{' '}
      <span className={styles.countdown} data-testid="otc-countdown">
        {text}
      </span>
    </p>
  );
}

type BuyState = 'pending_payment' | 'paid' | 'completed' | 'cancelled' | 'expired';
type SellState = 'pending_release' | 'completed' | 'cancelled';

/** The headline of an order's state: under appeal, or the state as its side reads it. */
function useStateText(o: OtcOrder | undefined): string {
  const { t } = useTranslation();
  if (!o) return '';
  if (o.appealed_at !== null && (o.state === 'paid' || o.state === 'pending_release')) return t('otc.stateText.appealed');
  return o.side === 'buy' ? t(`otc.stateText.buy.${o.state as BuyState}`) : t(`otc.stateText.sell.${o.state as SellState}`);
}

export default function OrderPage() {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const valid = ID.test(id);
  const order = useQuery({ ...apiQuery('/otc/order', { id: valid ? id : '1' }, { silent: true }), enabled: valid });
  const paid = useIdempotentSubmit('/otc/order/paid');
  const cancel = useIdempotentSubmit('/otc/order/cancel');
  const appeal = useIdempotentSubmit('/otc/order/appeal');
  const [sheet, setSheet] = useState<'paid' | 'cancel' | 'appeal' | null>(null);
  const [reason, setReason] = useState('');
  const o = order.data;
  const headline = useStateText(o);
  const a = useOtcAmounts(o?.fiat_decimals ?? 2, o?.usdt_decimals ?? 6);

  if (valid && order.isPending)
    return (
      <Page title={t('otc.orderTitle')}>
        <div className={styles.list}>
          <Skeleton height={360} />
        </div>
      </Page>
    );
  if (!o || !valid)
    return (
      <Page title={t('otc.orderTitle')}>
        <Empty text={t('otc.noOrder')} />
      </Page>
    );

  const done = async (answer: unknown) => {
    if (!answer) return;
    setSheet(null);
    await invalidate('otc', 'balances');
  };
  const open = o.state === 'pending_payment' || o.state === 'paid' || o.state === 'pending_release';
  const copy = () => void navigator.clipboard?.writeText(o.payment_details);
  return (
    <Page title={t('otc.orderTitle')}>
      <div className={styles.stateBanner} data-testid="otc-order" data-state={o.state}>
        <div className={styles.cardHead}>
          <h2>{headline}</h2>
          <StateBadge o={o} />
        </div>
        <PayCountdown o={o} />
        {o.state === 'paid' && <p>{t('otc.waitingRelease')}</p>}
      </div>
      <section className={styles.panel}>
        <div className={styles.cardHead}>
          <span className={o.side === 'buy' ? styles.sideBuy : styles.sideSell}>
            {o.side === 'buy' ? t('otc.buyUsdt') : t('otc.sellUsdt')}
          </span>
          <span className={styles.muted}>{orderRef(o.id)}</span>
        </div>
        <dl className={styles.rows}>
          <div>
            <dt>{o.side === 'buy' ? t('otc.youPay') : t('otc.youGet')}</dt>
            <dd className={`num ${styles.big}`} data-testid="otc-order-fiat">
              {a.fiat(o.fiat_amount, o.fiat)}
            </dd>
          </div>
          <Term label={o.side === 'buy' ? t('otc.youReceive') : t('otc.youSell')} testId="otc-order-usdt">
            {a.usdt(o.usdt_amount)}
          </Term>
          <Term label={t('otc.price')}>{a.price(o.price, o.fiat)}</Term>
          <div>
            <dt>{t('otc.merchant')}</dt>
            <dd>{o.merchant}</dd>
          </div>
          <Term label={t('otc.createdAt')}>{dateTime(o.created_at)}</Term>
          {o.paid_at !== null && <Term label={t('otc.paidAt')}>{dateTime(o.paid_at)}</Term>}
          {o.completed_at !== null && <Term label={t('otc.completedAt')}>{dateTime(o.completed_at)}</Term>}
          {o.cancelled_at !== null && <Term label={t('otc.cancelledAt')}>{dateTime(o.cancelled_at)}</Term>}
        </dl>
      </section>
      {open && (
        <section className={styles.panel}>
          <h3>{o.side === 'buy' ? t('otc.payTo') : t('otc.merchantPays')}</h3>
          <Methods methods={o.payment_methods} />
          <div className={styles.cardHead}>
            <div className={styles.details} data-testid="otc-payment-details">
              {o.payment_details}
            </div>
            <Button variant="ghost" onClick={copy} aria-label={t('otc.copy')}>
              <Copy size={16} />
            </Button>
          </div>
          <p className={styles.hint}>{o.side === 'buy' ? t('otc.payNote') : t('otc.sellWaitNote')}</p>
        </section>
      )}
      {o.appealed_at !== null && (
        <section className={styles.panel} data-testid="otc-appeal">
          <h3>{t('otc.appealRecorded')}</h3>
          <p className={styles.hint}>
            {dateTime(o.appealed_at)} · {o.appeal_reason}
          </p>
        </section>
      )}
      <div className={styles.actions}>
        {o.can_mark_paid && (
          <Button block onClick={() => setSheet('paid')} data-testid="otc-mark-paid">
            {t('otc.iHavePaid')}
          </Button>
        )}
        {(o.can_cancel || o.can_appeal) && (
          <div className={styles.actionRow}>
            {o.can_cancel && (
              <Button variant="secondary" onClick={() => setSheet('cancel')} data-testid="otc-cancel">
                {t('otc.cancelOrder')}
              </Button>
            )}
            {o.can_appeal && (
              <Button variant="secondary" onClick={() => setSheet('appeal')} data-testid="otc-appeal-open">
                {t('otc.appeal')}
              </Button>
            )}
          </div>
        )}
      </div>
      <Sheet open={sheet === 'paid'} title={t('otc.confirmPaidTitle')} onClose={() => setSheet(null)}>
        <div className={styles.form}>
          <p className={styles.hint}>{t('otc.confirmPaidText', { amount: a.fiat(o.fiat_amount, o.fiat), merchant: o.merchant })}</p>
          <Button
            block
            busy={paid.busy}
            onClick={() => void paid.run({ id: String(o.id) } as never).then(done)}
            data-testid="otc-confirm-paid"
          >
            {t('otc.confirmPaid')}
          </Button>
        </div>
      </Sheet>
      <Sheet open={sheet === 'cancel'} title={t('otc.cancelTitle')} onClose={() => setSheet(null)}>
        <div className={styles.form}>
          <p className={styles.hint}>{t('otc.cancelText')}</p>
          <Button
            block
            busy={cancel.busy}
            onClick={() => void cancel.run({ id: String(o.id) } as never).then(done)}
            data-testid="otc-confirm-cancel"
          >
            {t('otc.cancelOrder')}
          </Button>
        </div>
      </Sheet>
      <Sheet open={sheet === 'appeal'} title={t('otc.appealTitle')} onClose={() => setSheet(null)}>
        <div className={styles.form}>
          <p className={styles.hint}>{t('otc.appealText')}</p>
          <textarea
            className={styles.textarea}
            value={reason}
            maxLength={500}
            onChange={(e) => {
              setReason(e.target.value);
              appeal.reset();
            }}
            placeholder={t('otc.appealPlaceholder')}
            data-testid="otc-appeal-reason"
          />
          <Button
            block
            busy={appeal.busy}
            disabled={reason.trim() === ''}
            onClick={() => void appeal.run({ id: String(o.id), reason: reason.trim() } as never).then(done)}
            data-testid="otc-appeal-submit"
          >
            {t('otc.submitAppeal')}
          </Button>
        </div>
      </Sheet>
    </Page>
  );
}
