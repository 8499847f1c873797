/**
 * The order form of an advert (a sheet over the OTC list): the amount in fiat or in USDT (a toggle),
 * the other amount converted live by the worker with the server's rounding, Max, the advert's
 * limits and the user's per-trade limit as hints, the server's reasons before it is asked, then
 * `POST /otc/order/create` (one Idempotency-Key per submit) and the order page.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ACCOUNTS } from '../../../domain/funds/formulas';
import type { OtcAdvert, OtcLimits } from '../../../domain/otc/types';
import { apiQuery, useInvalidate } from '../../api/queries';
import { Button } from '../../ui/Button';
import { Sheet } from '../../ui/Sheet';
import { useIdempotentSubmit } from '../../ui/useIdempotentSubmit';
import { getWorker } from '../../worker-client';
import type { OtcPreview } from '../../../worker/otc/preview';
import { Methods, useOtcAmounts } from './parts';
import styles from './Otc.module.css';
import { useWorkerPreview } from '../../ui/useWorkerPreview';
import { AmountInput } from '../../ui/AmountInput';
import { pagePath } from '../../paths';

export function OrderSheet({ ad, limits, onClose }: { ad: OtcAdvert; limits: OtcLimits | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const wallet = useQuery({ ...apiQuery('/wallet/list'), enabled: ad.side === 'sell' });
  const balance = useMemo(() => {
    if (ad.side !== 'sell') return null;
    const account = wallet.data?.accounts.find((a) => a.id === ACCOUNTS.change);
    return account?.balances.find((b) => b.currency === 'USDT')?.available ?? null;
  }, [wallet.data, ad.side]);
  const [by, setBy] = useState<'fiat' | 'usdt'>('fiat');
  const [amount, setAmount] = useState('');
  const [max, setMax] = useState('0');
  const submit = useIdempotentSubmit('/otc/order/create');
  const a = useOtcAmounts(ad.fiat_decimals, ad.usdt_decimals);
  const limit = limits?.per_trade ?? null;
  const shared = useMemo(
    () => ({
      side: ad.side,
      by,
      fiat: ad.fiat,
      fiat_decimals: ad.fiat_decimals,
      usdt_decimals: ad.usdt_decimals,
      price: ad.price,
      min_fiat: ad.min_fiat,
      max_fiat: ad.max_fiat,
      available: ad.available,
      limit,
      balance,
    }),
    [ad, by, limit, balance],
  );

  useEffect(() => {
    void getWorker().otc.max(shared).then(setMax);
  }, [shared]);
  const preview = useWorkerPreview<OtcPreview>(() => getWorker().otc.preview({ ...shared, amount }), [shared, amount]);
  const { reset } = submit;
  useEffect(() => reset(), [amount, by, reset]);

  async function place() {
    const input =
      by === 'fiat' ? { advert_id: String(ad.id), fiat_amount: amount.trim() } : { advert_id: String(ad.id), usdt_amount: amount.trim() };
    const order = await submit.run(input as never);
    if (!order) return;
    await invalidate('otc', 'balances');
    onClose();
    void navigate(pagePath('otc', 'order', { id: order.id }));
  }

  const typed = amount.trim() !== '';
  const problem = preview?.problem && typed ? t(`otc.problem.${preview.problem}`, preview.params) : null;
  const unit = by === 'fiat' ? ad.fiat : 'USDT';
  const verb = ad.side === 'buy' ? t('otc.buyUsdt') : t('otc.sellUsdt');
  return (
    <Sheet open title={`${verb} · ${ad.merchant}`} onClose={onClose}>
      <div className={styles.form} data-testid="otc-order-sheet">
        <div className={styles.sheetHead}>
          <span>
            {t('otc.price')} <b className="num">{a.price(ad.price, ad.fiat)}</b>
          </span>
          {ad.available !== null && <span>{t('otc.availableN', { amount: a.usdtShort(ad.available) })}</span>}
        </div>
        <div className={styles.byTabs} role="tablist">
          {(['fiat', 'usdt'] as const).map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={by === k}
              className={`${styles.chip} ${by === k ? styles.chipOn : ''}`}
              onClick={() => {
                setBy(k);
                setAmount('');
              }}
              data-testid={`otc-by-${k}`}
            >
              {k === 'fiat' ? t('otc.byFiat', { fiat: ad.fiat }) : t('otc.byUsdt')}
            </button>
          ))}
        </div>
        <AmountInput
          testId="otc-amount"
          value={amount}
          placeholder={t('otc.amountPlaceholder', { min: a.fiat(ad.min_fiat, ad.fiat), max: a.fiat(ad.max_fiat, ad.fiat) })}
          onChange={setAmount}
          label={t('otc.amount')}
          unit={unit}
          max={{ label: t('otc.max'), onClick: () => setAmount(max), testId: 'otc-max' }}
        />
        {problem && (
          <p className={styles.error} role="alert" data-testid="otc-problem">
            {problem}
          </p>
        )}
        <div className={styles.receive}>
          <span className={styles.muted}>
            {by === 'fiat'
              ? ad.side === 'buy'
                ? t('otc.youReceive')
                : t('otc.youSell')
              : ad.side === 'buy'
                ? t('otc.youPay')
                : t('otc.youGet')}
          </span>
          <b className="num" data-testid="otc-converted">
            {preview && typed && preview.usdt !== ''
              ? by === 'fiat'
                ? `${preview.usdtText} USDT`
                : `${preview.fiatText} ${ad.fiat}`
              : '--'}
          </b>
        </div>
        <p className={styles.hint}>
          {t('otc.limitsHint', { min: a.fiat(ad.min_fiat, ad.fiat), max: a.fiat(ad.max_fiat, ad.fiat) })}
          {limit !== null && (
            <>
              {' · '}
              <span data-testid="otc-per-trade">{t('otc.perTradeHint', { limit: a.usdtWhole(limit) })}</span>
            </>
          )}
        </p>
        {balance !== null && <p className={styles.hint}>{t('otc.balanceHint', { amount: a.usdt(balance) })}</p>}
        <Methods methods={ad.payment_methods} />
        <p className={styles.hint}>{ad.side === 'buy' ? t('otc.buyNote') : t('otc.sellNote')}</p>
        <Button
          block
          busy={submit.busy}
          disabled={!preview || preview.problem !== null}
          onClick={() => void place()}
          data-testid="otc-place"
        >
          {verb}
        </Button>
      </div>
    </Sheet>
  );
}
