import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Decimal } from '../../../domain/decimal';
import { formatNumber, formatPrice, selectTone } from '../../../domain/format';
import type { FuturesTrade } from '../../../domain/futures/types';
import { apiQuery, usePages } from '../../api/queries';
import { Page } from '../../ui/Page';
import { PagedView } from '../../ui/PagedView';
import { pageTitle } from '../../ui/pageTitle';
import { useFormat } from '../../ui/useFormat';
import { useTimeText } from '../../ui/useTimeText';
import styles from './ContractOrderPage.module.css';

/** The futures account's currency. */
const MONEY = 'USDT';

const REASON_KEYS = {
  manual: 'futures.history.reason.manual',
  batch: 'futures.history.reason.batch',
  take_profit: 'futures.history.reason.take_profit',
  stop_loss: 'futures.history.reason.stop_loss',
  liquidation: 'futures.history.reason.liquidation',
} as const;

/** One closed or cancelled trade: pair, side, lots, multiple, prices, realised P&L, fees, reason, times. */
function TradeCard({ trade, decimals }: { trade: FuturesTrade; decimals: number }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const timeText = useTimeText();
  const price = (v: string | null) => (v === null ? '--' : formatPrice(v, decimals, fmt.lang));
  const money = (v: string) => formatNumber(v, fmt.lang, { maxDecimals: 2 });
  const cancelled = trade.status === 'cancelled';
  const profitLabel = `${t('futures.history.profit')} (${MONEY})`;
  const profit = trade.profit ?? '0';
  const tone = selectTone(profit);
  const reason = cancelled ? t('futures.history.reason.cancelled') : trade.close_reason ? t(REASON_KEYS[trade.close_reason]) : '';
  const cell = (label: string, value: string, testId?: string, className?: string) => (
    <div className={styles.cell}>
      <span className={styles.label}>{label}</span>
      <span className={`num ${className ?? ''}`} data-testid={testId}>
        {value}
      </span>
    </div>
  );
  return (
    <li className={styles.card} data-testid="history-item" data-id={trade.id} data-status={trade.status}>
      <div className={styles.head}>
        <span className={`${styles.badge} ${styles[trade.side]}`}>
          {t(trade.side === 'long' ? 'futures.form.long' : 'futures.form.short')}
        </span>
        <span className={styles.symbol}>{trade.symbol}</span>
        <span className={styles.multiple}>{t('futures.form.multiple', { multiple: trade.multiple })}</span>
        <span className={`${styles.reason} ${trade.close_reason === 'liquidation' ? styles.down : ''}`} data-testid="history-reason">
          {reason}
        </span>
      </div>
      {!cancelled && (
        <div className={styles.profit}>
          <span className={styles.label}>{profitLabel}</span>
          <b className={`num ${styles[tone]}`} data-testid="history-profit">
            {new Decimal(profit).gt(0) ? '+' : ''}
            {money(profit)}
          </b>
        </div>
      )}
      <div className={styles.grid}>
        {cell(t('futures.history.lots'), fmt.number(trade.share), 'history-lots')}
        {cancelled
          ? cell(t('futures.history.limitPrice'), price(trade.target_price))
          : cell(t('futures.history.openPrice'), price(trade.open_price), 'history-open')}
        {!cancelled && cell(t('futures.history.closePrice'), price(trade.close_price), 'history-close')}
        {!cancelled && cell(t('futures.history.fee'), money(trade.fee), 'history-fee')}
        {!cancelled && cell(t('futures.history.overnight'), money(trade.overnight_fee), 'history-overnight')}
        {cell(t('futures.history.margin'), money(trade.margin))}
      </div>
      {!cancelled && trade.close_price !== null && (
        // What decided the close (the settlement audit checks it): the reason, the market price and its tick time.
        <div className={styles.decided} data-testid="history-decided">
          <span className={styles.label}>{t('futures.history.decidedBy')}</span>
          <span className={styles.decidedWhat}>
            <span className="num" data-testid="history-decided-price">
              {t('futures.history.decidedPrice', { reason, price: price(trade.close_price) })}
            </span>
            {trade.close_ts ? (
              <time className="num" dateTime={new Date(trade.close_ts).toISOString()} data-testid="history-decided-tick">
                {t('futures.history.decidedTick', { time: dayjs(trade.close_ts).format('YYYY-MM-DD HH:mm:ss') })}
              </time>
            ) : null}
          </span>
        </div>
      )}
      <div className={styles.times}>
        {cancelled ? (
          <span>
            {t('futures.history.placed')} <time>{timeText(trade.created_at)}</time>
          </span>
        ) : (
          <>
            <span>
              {t('futures.history.opened')} <time>{trade.opened_at ? timeText(trade.opened_at) : '--'}</time>
            </span>
            <span>
              {t('futures.history.closed')} <time>{trade.closed_at ? timeText(trade.closed_at) : '--'}</time>
            </span>
          </>
        )}
      </div>
    </li>
  );
}

/**
 * Futures history (transaction/contract_order): the user's closed and cancelled trades
 * from `/lever/my_trade`, newest first, paged; refreshed when the private channel says a
 * position or order changed.
 */
export default function ContractOrderPage() {
  const { t } = useTranslation();
  const list = usePages('/lever/my_trade', {});
  const catalogue = useQuery(apiQuery('/currency/list'));
  const decimals = useMemo(() => new Map((catalogue.data?.pairs ?? []).map((p) => [p.symbol, p.price_decimals])), [catalogue.data]);
  return (
    <Page title={pageTitle(t, { area: 'transaction', page: 'contract_order' })}>
      <PagedView list={list} emptyText={t('futures.history.empty')}>
        <ul className={styles.list} data-testid="history-list">
          {list.items.map((trade) => (
            <TradeCard key={trade.id} trade={trade} decimals={decimals.get(trade.symbol) ?? 2} />
          ))}
        </ul>
      </PagedView>
    </Page>
  );
}
