/**
 * The spot screen (transaction/currency), a phone Binance/OKX spot screen: the pair
 * header (price, 24 h change; tap to switch pairs), a collapsible chart, the order form with the
 * worker's preview, the order book (a tapped price becomes the limit price), and this pair's open
 * orders with their frozen funds and a cancel each. Signed out the screen shows, with a login
 * button in place of the submit.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronDown, ChevronUp, ListOrdered } from 'lucide-react';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { MarketPair } from '../../../domain/market/types';
import { topics } from '../../../domain/protocol';
import type { SpotOrder } from '../../../domain/spot/types';
import { apiQuery } from '../../api/queries';
import { ApiError, call } from '../../api/request';
import { useTicker } from '../../state/market';
import { sessionState } from '../../state/session';
import { showToast } from '../../state/ui';
import { Empty } from '../../ui/Empty';
import { FeedBanner } from '../../ui/FeedBanner';
import { NavBar } from '../../ui/NavBar';
import { AlertBell } from '../../ui/alerts/AlertBell';
import { Page } from '../../ui/Page';
import { Skeleton, SkeletonGroup } from '../../ui/Skeleton';
import { useFormat } from '../../ui/useFormat';
import { useTimeText } from '../../ui/useTimeText';
import { useTopics } from '../../ui/useTopics';
import contractStyles from '../../ui/trading/ContractPage.module.css';
import { OrderBook } from '../../ui/trading/OrderBook';
import { PairSheet } from '../../ui/trading/PairSheet';
import { SpotForm } from './SpotForm';
import styles from './SpotPage.module.css';
import { invalidateSpot, ORDERS_PATH } from './spotShared';
import { PairMissing } from '../../ui/trading/PairMissing';
import { PriceSource, PriceStaleNotice } from '../../ui/trading/PriceSource';
import { DEFAULT_SYMBOL, usePair } from '../../ui/trading/usePair';
import { useTickerFocus } from '../../ui/useTickerFocus';
import { Term } from '../../ui/Term';

const KlineChart = lazy(() => import('../../ui/trading/chart/KlineChart'));

function Header({ pair, onSwitch }: { pair: MarketPair; onSwitch: () => void }) {
  const { t } = useTranslation();
  useTickerFocus(pair.symbol);
  return (
    <>
      <NavBar
        title={
          <button type="button" className={contractStyles.pairButton} onClick={onSwitch} data-testid="pair-switch">
            <b>{pair.symbol}</b>
            <ChevronDown size={16} />
          </button>
        }
        right={
          <>
            <AlertBell pair={pair} />
            <Link to={ORDERS_PATH} className={styles.ordersLink} aria-label={t('spot.orders.title')} data-testid="spot-orders-link">
              <ListOrdered size={20} />
            </Link>
          </>
        }
      />
      <Summary pair={pair} />
    </>
  );
}

/** The price line: the only part of the header that follows the ticker (the nav bar does not re-render for a tick). */
function Summary({ pair }: { pair: MarketPair }) {
  const tk = useTicker(pair.symbol);
  return (
    <>
      <section className={styles.summary} data-testid="spot-summary">
        <span className={`${styles.price} num ${tk?.tone ?? ''}`} data-testid="last-price">
          {tk?.priceText ?? '--'}
        </span>
        <span className={`num ${styles.change} ${tk?.tone ?? ''}`}>{tk?.changeText ?? '--'}</span>
        <span className={`num ${styles.fiat}`}>{tk?.fiatText}</span>
        <PriceSource ticker={tk} />
      </section>
      <PriceStaleNotice ticker={tk} />
    </>
  );
}

function Chart({ pair }: { pair: MarketPair }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <section className={styles.chart}>
      <button type="button" className={styles.chartToggle} onClick={() => setShown(!shown)} aria-expanded={shown} data-testid="spot-chart">
        {t(shown ? 'spot.chart.hide' : 'spot.chart.show')}
        {shown ? <ChevronUp size={16} /> : <ChevronDown size={16} />}
      </button>
      {shown && (
        <Suspense fallback={<Skeleton height={220} />}>
          <KlineChart key={pair.symbol} symbol={pair.symbol} period="15min" mode="candles" priceDecimals={pair.price_decimals} />
        </Suspense>
      )}
    </section>
  );
}

/** One open order: side, price, amount, frozen funds, time, cancel. */
function OpenOrder({ order, pair }: { order: SpotOrder; pair: MarketPair }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const time = useTimeText();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const cancel = async () => {
    setBusy(true);
    try {
      await call('/coin/cancel', { id: String(order.id) }, { idempotencyKey: `spot-cancel-${order.id}`, silent: true });
      showToast(t('spot.open.cancelled'));
    } catch (error) {
      if (error instanceof ApiError) showToast(error.message);
    } finally {
      setBusy(false);
      void invalidateSpot(client);
    }
  };
  return (
    <li className={styles.order} data-testid="spot-open-order" data-id={order.id}>
      <div className={styles.orderHead}>
        <b className={order.side === 'buy' ? 'up' : 'down'}>{t(order.side === 'buy' ? 'spot.form.buy' : 'spot.form.sell')}</b>
        <span>{pair.symbol}</span>
        <time className={styles.muted}>{time(order.created_at)}</time>
        <button type="button" className={styles.cancel} onClick={() => void cancel()} disabled={busy} data-testid="spot-cancel">
          {t('spot.open.cancel')}
        </button>
      </div>
      <dl className={styles.orderGrid}>
        <Term label={t('spot.form.price')}>{order.target_price ? fmt.number(order.target_price) : '--'}</Term>
        <Term label={t('spot.form.amount')}>{fmt.number(order.amount)}</Term>
        <Term label={t('spot.open.frozen')} testId="spot-frozen">
          {fmt.amount(order.frozen, order.frozen_currency)} {order.frozen_currency}
        </Term>
      </dl>
    </li>
  );
}

export default function SpotPage() {
  const { t } = useTranslation();
  const choice = usePair();
  const { pair, loading, choose } = choice;
  const { token } = useSnapshot(sessionState);
  const signedIn = Boolean(token);
  const [switching, setSwitching] = useState(false);
  const [tapped, setTapped] = useState<{ symbol: string; price: string } | null>(null);
  const spotPair = pair?.category === 'crypto' ? pair : undefined;
  const deal = useQuery({
    ...apiQuery('/coin/deal', { match_id: String(spotPair?.id ?? 0) }, { silent: true }),
    enabled: signedIn && Boolean(spotPair),
  });
  useTopics(useMemo(() => (pair ? [topics.quotes(), topics.depth(pair.symbol)] : [topics.quotes()]), [pair]));
  const pick = useCallback((price: string) => pair && setTapped({ symbol: pair.symbol, price }), [pair]);

  const sheet = (
    <PairSheet
      key={String(switching)}
      open={switching}
      current={pair?.symbol ?? DEFAULT_SYMBOL}
      onClose={() => setSwitching(false)}
      onPick={(s) => {
        setSwitching(false);
        choose(s);
      }}
    />
  );
  if (!pair)
    return (
      <Page title={t('spot.title')}>
        {loading ? (
          <SkeletonGroup testId="spot-loading">
            <Skeleton height={48} />
            <Skeleton height={320} />
          </SkeletonGroup>
        ) : (
          <PairMissing choice={choice} notListed={t('spot.notFound')} />
        )}
      </Page>
    );
  const orders = deal.data?.orders ?? [];
  return (
    <Page header={<Header pair={pair} onSwitch={() => setSwitching(true)} />}>
      <FeedBanner />
      {!spotPair ? (
        <Empty text={t('spot.notSpot', { symbol: pair.symbol })} action={{ label: t('spot.switch'), onClick: () => setSwitching(true) }} />
      ) : (
        <>
          <Chart pair={spotPair} />
          <div className={styles.trade}>
            {signedIn && deal.isPending ? (
              <SkeletonGroup className={styles.formSkeleton} testId="spot-form-loading">
                <Skeleton height={36} />
                <Skeleton height={42} />
                <Skeleton height={42} />
                <Skeleton height={120} />
              </SkeletonGroup>
            ) : deal.isError && deal.error instanceof ApiError ? (
              <Empty text={deal.error.message} action={{ label: t('common.retry'), onClick: () => void deal.refetch() }} />
            ) : (
              <SpotForm
                key={spotPair.symbol}
                symbol={spotPair.symbol}
                deal={deal.data}
                signedIn={signedIn}
                price={tapped?.symbol === spotPair.symbol ? tapped.price : null}
              />
            )}
          </div>
          <section className={`${styles.book} live`}>
            <h2 className={styles.heading}>{t('spot.book')}</h2>
            <OrderBook symbol={spotPair.symbol} base={spotPair.base} quote={spotPair.quote} onPick={pick} />
          </section>
          {signedIn && (
            <section className={styles.open} data-testid="spot-open-orders">
              <div className={styles.openHead}>
                <h2 className={styles.heading}>{t('spot.open.title', { n: orders.length })}</h2>
                <Link to={ORDERS_PATH} className={styles.all}>
                  {t('spot.open.all')}
                </Link>
              </div>
              {orders.length ? (
                <ul className={styles.orders}>
                  {orders.map((o) => (
                    <OpenOrder key={o.id} order={o} pair={spotPair} />
                  ))}
                </ul>
              ) : (
                <Empty text={t('spot.open.empty')} testId="spot-open-empty" />
              )}
            </section>
          )}
        </>
      )}
      {sheet}
    </Page>
  );
}
