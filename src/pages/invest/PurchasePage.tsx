/**
 * A dual purchase: the product's terms, the invest coin's available balance,
 * whole shares with "Max", a live preview from the worker (cost, what maturity pays on either side
 * of the linked price, and the payoff picture — all from dualPayout, the formula the server
 * settles with), a confirmation sheet, then `POST /dual/buyDual` and the positions page. The
 * server decides; this only previews.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ACCOUNTS } from '../../../domain/funds/formulas';
import { topics } from '../../../domain/protocol';
import { apiQuery, useInvalidate } from '../../api/queries';
import { showToast } from '../../state/ui';
import { marketState } from '../../state/market';
import { useThrottledSelect } from '../../state/select';
import { Button } from '../../ui/Button';
import { CoinBadge, useCoinColors } from '../../ui/CoinBadge';
import { Empty } from '../../ui/Empty';
import { Page } from '../../ui/Page';
import { Sheet } from '../../ui/Sheet';
import { Skeleton } from '../../ui/Skeleton';
import { useFormat } from '../../ui/useFormat';
import { useIdempotentSubmit } from '../../ui/useIdempotentSubmit';
import { useTopics } from '../../ui/useTopics';
import { getWorker } from '../../worker-client';
import type { DualPreview } from '../../../worker/invest/preview';
import { PayoffChart } from './PayoffChart';
import { aprPercent, dateTime } from './format';
import styles from './Invest.module.css';
import { useWorkerPreview } from '../../ui/useWorkerPreview';
import { AmountInput } from '../../ui/AmountInput';
import { Term } from '../../ui/Term';
import { pagePath } from '../../paths';

const QUOTES = [topics.quotes()];

export default function PurchasePage() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const buy = useIdempotentSubmit('/dual/buyDual');
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const detail = useQuery({ ...apiQuery('/dual/detail', { id: String(id) }), enabled: Number.isInteger(id) && id > 0 });
  const wallet = useQuery(apiQuery('/wallet/list'));
  const colors = useCoinColors();
  const product = detail.data;
  useTopics(QUOTES);
  const today = useThrottledSelect(
    marketState.tickers,
    (s) => (product ? (s[product.symbol]?.price ?? null) : null),
    1000,
    product?.symbol,
  );
  const available = useMemo(() => {
    const account = wallet.data?.accounts.find((a) => a.id === ACCOUNTS.change);
    return account?.balances.find((b) => b.currency === product?.invest_currency)?.available ?? '0';
  }, [wallet.data, product?.invest_currency]);
  const [num, setNum] = useState('1');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const preview = useWorkerPreview<DualPreview>(() => {
    if (!product) return null;
    return getWorker().invest.preview({
      num,
      type: product.type,
      share_price: product.share_price,
      apr: product.apr,
      linked_price: product.linked_price,
      days: product.days,
      currency_decimals: product.currency_decimals,
      quote_decimals: product.quote_decimals,
      invest_decimals: product.invest_decimals,
      remaining_shares: product.remaining_shares,
      available,
      market_price: today,
    });
  }, [num, product, available, today]);

  async function max() {
    if (!product) return;
    setNum(String(await getWorker().invest.max(available, product.share_price, product.remaining_shares)));
  }

  async function submit() {
    if (!product) return;
    setBusy(true);
    try {
      if (!(await buy.run({ id: String(product.id), num: num.trim() }))) return;
      await invalidate('balances', 'invest');
      setConfirming(false);
      showToast(t('invest.toastDone'));
      void navigate(pagePath('invest', 'mine'), { replace: true });
    } catch {
      // A failed call returned above (the `call` toast said why); this is a failed refresh.
    } finally {
      setBusy(false);
    }
  }

  if (detail.isPending && Number.isInteger(id) && id > 0) return <Page title={t('invest.purchaseTitle')}>{<Skeleton height={420} />}</Page>;
  if (!product) return <Page title={t('invest.purchaseTitle')}>{<Empty text={t('invest.noProduct')} />}</Page>;
  const problem = preview?.problem && num.trim() ? t(`invest.problem.${preview.problem}`, preview.params) : null;
  const ic = product.invest_currency;
  const coinOf = (side: 'base' | 'quote') => (side === 'base' ? product.currency : product.quote);
  const linkedText = fmt.number(product.linked_price);
  const highLabel = product.type === 'call' ? t('invest.ifAbove', { price: linkedText }) : t('invest.ifAbovePut', { price: linkedText });
  const lowLabel = product.type === 'call' ? t('invest.ifBelow', { price: linkedText }) : t('invest.ifBelowPut', { price: linkedText });
  const outcomes = preview && (
    <div className={styles.outcomes}>
      <div className={styles.outcome} data-testid="invest-outcome-high">
        <span>{highLabel}</span>
        <b className="num up">
          {preview.high.text} {coinOf(preview.high.coin)}
        </b>
      </div>
      <div className={styles.outcome} data-testid="invest-outcome-low">
        <span>{lowLabel}</span>
        <b className="num up">
          {preview.low.text} {coinOf(preview.low.coin)}
        </b>
      </div>
    </div>
  );
  return (
    <Page title={t('invest.purchaseTitle')}>
      <div className={styles.buyHead}>
        <CoinBadge name={product.currency} color={colors.get(product.currency)} size={40} />
        <div>
          <h2>
            {product.symbol} · <span className={`${styles.typeTag} ${styles[product.type]}`}>{t(`invest.type.${product.type}`)}</span>
          </h2>
          <span className={styles.muted}>
            {t('invest.daysN', { n: product.days })} · {t('invest.maturity')} {dateTime(product.maturity_at)}
          </span>
        </div>
        <div className={styles.right}>
          <div className={`${styles.rate} num up`}>{aprPercent(product.apr, fmt.lang)}</div>
          <div className={styles.muted}>{t('invest.apr')}</div>
        </div>
      </div>
      <section className={styles.panel}>
        <dl className={styles.rows}>
          <Term label={t('invest.linkedPrice')}>
            {linkedText} {product.quote}
          </Term>
          <Term label={t('invest.sharePrice')}>
            {fmt.number(product.share_price)} {ic}
          </Term>
          <Term label={t('invest.remaining')}>{fmt.number(String(product.remaining_shares))}</Term>
          <Term label={t('invest.saleEnds')}>{dateTime(product.sale_ends_at)}</Term>
        </dl>
      </section>
      <section className={styles.panel}>
        <div className={styles.label}>
          <span>{t('invest.shares')}</span>
          <span data-testid="invest-available">
            {t('invest.available')} <b className="num">{fmt.balance(available, ic)}</b> {ic}
          </span>
        </div>
        <AmountInput
          testId="invest-shares"
          whole
          value={num}
          placeholder={t('invest.sharesPlaceholder')}
          onChange={setNum}
          label={t('invest.shares')}
          max={{ label: t('invest.max'), onClick: () => void max(), testId: 'invest-max' }}
        />
        {problem && (
          <p className={styles.error} role="alert" data-testid="invest-problem">
            {problem}
          </p>
        )}
        <dl className={styles.rows}>
          <Term label={t('invest.cost')} testId="invest-cost">
            {preview?.costText ?? '--'} {ic}
          </Term>
        </dl>
      </section>
      <section className={styles.panel}>
        <div className={styles.label}>
          <span>{t('invest.payoff')}</span>
        </div>
        {preview ? <PayoffChart preview={preview} linked={product.linked_price} today={today} /> : <Skeleton height={190} />}
        <p className={styles.muted}>{t('invest.payoffAxis')}</p>
        <div className={styles.label}>
          <span>{t('invest.outcomes')}</span>
        </div>
        {outcomes}
        <p className={styles.note}>{t('invest.buyNote', { symbol: product.symbol })}</p>
      </section>
      <div className={styles.footer}>
        <Button
          block
          disabled={!preview || preview.problem !== null || product.status !== 'open'}
          onClick={() => setConfirming(true)}
          data-testid="invest-buy"
        >
          {t('invest.buyNow')}
        </Button>
      </div>
      <Sheet open={confirming} title={t('invest.confirmTitle')} onClose={() => setConfirming(false)}>
        <div data-testid="invest-confirm" className={styles.sheetBody}>
          <dl className={styles.rows}>
            <Term label={t('invest.shares')}>{fmt.number(num.trim())}</Term>
            <Term label={t('invest.cost')}>
              {preview?.costText} {ic}
            </Term>
            <Term label={t('invest.linkedPrice')}>
              {linkedText} {product.quote}
            </Term>
            <Term label={t('invest.apr')} tone="up">
              {aprPercent(product.apr, fmt.lang)}
            </Term>
            <Term label={t('invest.maturity')}>{dateTime(product.maturity_at)}</Term>
          </dl>
          {outcomes}
          <p className={styles.note}>{t('invest.confirmNote')}</p>
          <Button block busy={busy} onClick={() => void submit()} data-testid="invest-confirm-submit">
            {t('invest.confirm')}
          </Button>
        </div>
      </Sheet>
    </Page>
  );
}
