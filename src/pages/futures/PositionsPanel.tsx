import { History } from 'lucide-react';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { MarketPair } from '../../../domain/market/types';
import { futuresState } from '../../state/futures';
import { useSelect } from '../../state/select';
import { sessionState } from '../../state/session';
import { Empty } from '../../ui/Empty';
import type { FuturesOrderView } from '../../../worker/futures/FuturesSlice';
import { PositionActionSheet, type PositionAction } from './PositionSheets';
import styles from './PositionsPanel.module.css';
import { pagePath } from '../../paths';

const HISTORY_PATH = pagePath('transaction', 'contract_order');

type Act = (action: PositionAction) => void;

/** The account's totals from the worker: risk rate on top, then equity, P&L, margin, available. */
function AccountBar() {
  const { t } = useTranslation();
  const account = useSelect(futuresState, (s) => s.account);
  const labels = useMemo(
    () => ({
      risk: t('futures.panel.risk'),
      equity: t('futures.panel.equity'),
      pnl: t('futures.panel.pnl'),
      available: t('futures.panel.available'),
    }),
    [t],
  );
  return (
    <div className={styles.account} data-testid="futures-account">
      <div className={styles.riskLine}>
        <span className={styles.label}>{labels.risk}</span>
        <span className={`num ${styles.risk} ${account?.risk ? styles[account.risk] : ''}`} data-testid="futures-risk">
          <span className={styles.riskValue}>{account?.riskText ?? '--'}</span>
        </span>
        {account?.thresholdText && (
          <span className={styles.threshold}>{t('futures.panel.riskHint', { threshold: account.thresholdText })}</span>
        )}
      </div>
      <div className={styles.totals}>
        <div>
          <span className={styles.label}>{labels.equity}</span>
          <span className="num" data-testid="futures-equity">
            {account?.equityText ?? '--'}
          </span>
        </div>
        <div>
          <span className={styles.label}>{labels.pnl}</span>
          <span className={`num ${account ? styles[account.pnlTone] : ''}`} data-testid="futures-pnl">
            {account?.pnlText ?? '--'}
          </span>
        </div>
        <div>
          <span className={styles.label}>{labels.available}</span>
          <span className="num" data-testid="futures-available">
            {account?.availableText ?? '--'}
          </span>
        </div>
      </div>
    </div>
  );
}

/** The labels of a position card, written once per language (a card re-renders on every tick of its pair). */
function usePositionLabels() {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      long: t('futures.form.long'),
      short: t('futures.form.short'),
      pnl: t('futures.panel.pnl'),
      rom: t('futures.panel.rom'),
      lots: t('futures.panel.lots'),
      entry: t('futures.panel.entry'),
      mark: t('futures.panel.mark'),
      margin: t('futures.panel.margin'),
      liquidation: t('futures.panel.liquidation'),
      distance: t('futures.panel.distance'),
      takeProfit: t('futures.panel.takeProfit'),
      stopLoss: t('futures.panel.stopLoss'),
      fee: t('futures.panel.fee'),
      stops: t('futures.panel.stops'),
      close: t('futures.panel.close'),
      multiple: (multiple: number) => t('futures.form.multiple', { multiple }),
    }),
    [t],
  );
}

/** One open position; re-renders only when the worker sent a new view of it. */
const PositionRow = memo(function PositionRow({ id, act }: { id: number; act: Act }) {
  const l = usePositionLabels();
  // The row as the worker wrote it (held by reference, replaced only when its texts changed).
  const p = useSelect(futuresState, (s) => s.positions[id]);
  if (!p) return null;
  const cell = (label: string, value: string, testId?: string, className?: string) => (
    <div className={styles.cell}>
      <span className={styles.label}>{label}</span>
      <span className={`num ${className ?? ''}`} data-testid={testId}>
        {value}
      </span>
    </div>
  );
  return (
    <li className={`${styles.card} ${styles.position}`} data-testid="position-row" data-id={p.id} data-symbol={p.symbol}>
      <div className={styles.cardHead}>
        <span className={`${styles.badge} ${styles[p.side]}`}>{p.side === 'long' ? l.long : l.short}</span>
        <span className={styles.symbol}>{p.symbol}</span>
        <span className={styles.multiple}>{l.multiple(p.multiple)}</span>
      </div>
      <div className={styles.pnlLine}>
        <div className={styles.cell}>
          <span className={styles.label}>{l.pnl}</span>
          <span className={`num ${styles.big} ${styles[p.tone]}`} data-testid="position-pnl">
            {p.pnlText}
          </span>
        </div>
        <div className={`${styles.cell} ${styles.end}`}>
          <span className={styles.label}>{l.rom}</span>
          <span className={`num ${styles.big} ${styles[p.tone]}`} data-testid="position-rom">
            {p.romText}
          </span>
        </div>
      </div>
      <div className={styles.grid}>
        {cell(l.lots, p.lotsText, 'position-lots')}
        {cell(l.entry, p.openText, 'position-entry')}
        {cell(l.mark, p.markText, 'position-mark')}
        {cell(l.margin, p.marginText, 'position-margin')}
        {cell(l.liquidation, p.liquidationText, 'position-liquidation', styles.warnText)}
        {cell(l.distance, p.distanceText, 'position-distance')}
        {cell(l.takeProfit, p.takeProfitText, 'position-tp')}
        {cell(l.stopLoss, p.stopLossText, 'position-sl')}
        {cell(l.fee, p.feeText)}
      </div>
      <div className={styles.actions}>
        <button type="button" className={styles.action} onClick={() => act({ kind: 'stops', position: p })} data-testid="position-stops">
          {l.stops}
        </button>
        <button type="button" className={styles.action} onClick={() => act({ kind: 'close', position: p })} data-testid="position-close">
          {l.close}
        </button>
      </div>
    </li>
  );
});

function OrderRow({ o, act }: { o: FuturesOrderView; act: Act }) {
  const { t } = useTranslation();
  return (
    <li className={styles.card} data-testid="order-row" data-id={o.id}>
      <div className={styles.cardHead}>
        <span className={`${styles.badge} ${styles[o.side]}`}>{t(o.side === 'long' ? 'futures.form.long' : 'futures.form.short')}</span>
        <span className={styles.symbol}>{o.symbol}</span>
        <span className={styles.multiple}>{t('futures.form.multiple', { multiple: o.multiple })}</span>
        <button
          type="button"
          className={`${styles.action} ${styles.inline}`}
          onClick={() => act({ kind: 'cancel', order: o })}
          data-testid="order-cancel"
        >
          {t('futures.panel.cancel')}
        </button>
      </div>
      <div className={styles.grid}>
        <div className={styles.cell}>
          <span className={styles.label}>{t('futures.panel.limitPrice')}</span>
          <span className="num">{o.priceText}</span>
        </div>
        <div className={styles.cell}>
          <span className={styles.label}>{t('futures.panel.lots')}</span>
          <span className="num">{o.lotsText}</span>
        </div>
        <div className={styles.cell}>
          <span className={styles.label}>{t('futures.panel.margin')}</span>
          <span className="num">{o.marginText}</span>
        </div>
        <div className={styles.cell}>
          <span className={styles.label}>{t('futures.panel.takeProfit')}</span>
          <span className="num">{o.takeProfitText}</span>
        </div>
        <div className={styles.cell}>
          <span className={styles.label}>{t('futures.panel.stopLoss')}</span>
          <span className="num">{o.stopLossText}</span>
        </div>
        <div className={styles.cell}>
          <span className={styles.label}>{t('futures.panel.fee')}</span>
          <span className="num">{o.feeText}</span>
        </div>
      </div>
    </li>
  );
}

/**
 * The user's open positions and entrusted orders, live from the worker: the
 * account's risk rate and totals on top, tabs with counts, "current pair only", TP/SL, close,
 * batch close and cancel. The list re-renders only when positions come or go; each row when
 * its own figures change.
 */
export function PositionsPanel({ pair }: { pair: MarketPair }) {
  const { t } = useTranslation();
  const { token } = useSnapshot(sessionState);
  const snap = useSnapshot(futuresState);
  const [tab, setTab] = useState<'positions' | 'orders'>('positions');
  const [currentOnly, setCurrentOnly] = useState(false);
  const [action, setAction] = useState<PositionAction | null>(null);
  if (!token) return null;

  const ids = snap.positionIds.filter((id) => !currentOnly || snap.symbols[id] === pair.symbol);
  const orders = snap.orders.filter((o) => !currentOnly || o.symbol === pair.symbol);

  return (
    <section className={styles.panel} data-testid="positions-panel">
      <div className={styles.tabs}>
        {/* A tablist holds tabs only: the history link sits beside it, not in it. */}
        <div className={styles.tabList} role="tablist">
          {(['positions', 'orders'] as const).map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={tab === k}
              className={`${styles.tab} ${tab === k ? styles.on : ''}`}
              onClick={() => setTab(k)}
              data-testid={`panel-tab-${k}`}
            >
              {t(k === 'positions' ? 'futures.panel.positions' : 'futures.panel.orders', {
                count: k === 'positions' ? ids.length : orders.length,
              })}
            </button>
          ))}
        </div>
        <Link to={HISTORY_PATH} className={styles.history} aria-label={t('futures.panel.history')} data-testid="panel-history">
          <History size={18} />
        </Link>
      </div>
      <div className={styles.toolbar}>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={currentOnly}
            onChange={(e) => setCurrentOnly(e.target.checked)}
            data-testid="panel-current-only"
          />
          {t('futures.panel.currentOnly')}
        </label>
        {tab === 'positions' && snap.positionIds.length > 0 && (
          <button type="button" className={styles.closeAll} onClick={() => setAction({ kind: 'batch' })} data-testid="panel-batch">
            {t('futures.panel.closeAll')}
          </button>
        )}
      </div>
      {tab === 'positions' && <AccountBar />}
      {tab === 'positions' ? (
        ids.length ? (
          <ul className={styles.list} data-testid="positions-list">
            {ids.map((id) => (
              <PositionRow key={id} id={id} act={setAction} />
            ))}
          </ul>
        ) : (
          <Empty text={t('futures.panel.noPositions')} />
        )
      ) : orders.length ? (
        <ul className={styles.list} data-testid="orders-list">
          {orders.map((o) => (
            <OrderRow key={o.id} o={o} act={setAction} />
          ))}
        </ul>
      ) : (
        <Empty text={t('futures.panel.noOrders')} />
      )}
      <PositionActionSheet action={action} onClose={() => setAction(null)} />
    </section>
  );
}
