import { useTranslation } from 'react-i18next';
import type { MarketPair } from '../../../domain/market/types';
import { useSelect } from '../../state/select';
import { Button } from '../../ui/Button';
import { Sheet } from '../../ui/Sheet';
import type { PreviewFigures } from '../../../worker/futures/preview';
import { DEFAULT_MULTIPLE } from './OrderFormLeverage';
import styles from '../../ui/trading/OrderForm.module.css';
import type { OrderFormState, PreviewBox } from './useOrderForm';

/** The futures account's currency. */
export const MONEY = 'USDT';

export function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className={styles.figure}>
      <span>{label}</span>
      <span className="num" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

/**
 * "Fills now at about 64,190 (better than your limit)": a limit order the market already crosses
 * (the preview's fill price, which follows the mark); nothing otherwise.
 */
export function FillLine({ box, testId, className }: { box: PreviewBox; testId: string; className?: string }) {
  const { t } = useTranslation();
  const fill = useSelect(box, (b) => (b.current?.fillText ? `${b.current.improved ? '1' : '0'}${b.current.fillText}` : ''));
  if (!fill) return null;
  const price = fill.slice(1);
  return (
    <p className={className} data-testid={testId}>
      {fill.startsWith('1') ? t('futures.form.fillsNowBetter', { price }) : t('futures.form.fillsNow', { price })}
    </p>
  );
}

/** One figure of the preview: re-renders only when its own text changes. */
export function PreviewLine({
  box,
  label,
  testId,
  text,
}: {
  box: PreviewBox;
  label: string;
  testId: string;
  text: (figures: PreviewFigures) => string;
}) {
  const value = useSelect(box, (b) => (b.current?.figures ? text(b.current.figures) : '--'));
  return <Figure label={label} value={value} testId={testId} />;
}

/** The leverage sheet: the pair's multiples, the bracket's cap at the one chosen. */
export function LeverageSheet({ order }: { order: OrderFormState }) {
  const { t } = useTranslation();
  const { multiple } = order.fields;
  return (
    <Sheet open={order.sheet === 'leverage'} title={t('futures.form.chooseLeverage')} onClose={() => order.set.setSheet(null)}>
      <div className={styles.multiples} data-testid="leverage-options">
        {(order.settings?.multiples ?? [DEFAULT_MULTIPLE]).map((m) => (
          <button
            key={m}
            type="button"
            className={`${styles.multiple} ${m === multiple ? styles.on : ''}`}
            aria-pressed={m === multiple}
            onClick={() => order.chooseMultiple(m)}
          >
            {t('futures.form.multiple', { multiple: m })}
          </button>
        ))}
      </div>
      {order.cap && (
        <p className={styles.cap} data-testid="leverage-cap">
          {order.cap}
        </p>
      )}
      <p className={styles.hint}>{t('futures.form.leverageHint')}</p>
    </Sheet>
  );
}

/** The confirmation sheet: the order as it will be sent, its live figures, then `/lever/submit`. */
export function ConfirmSheet({ order, pair, sideLabel }: { order: OrderFormState; pair: MarketPair; sideLabel: string }) {
  const { t } = useTranslation();
  const { side, market, lots, multiple, stopsOpen, takeProfit, stopLoss } = order.fields;
  const box = order.previewBox;
  const figure = (label: string, value: string, testId: string) => <Figure label={label} value={value} testId={testId} />;
  const live = (label: string, text: (f: PreviewFigures) => string, testId: string) => (
    <PreviewLine box={box} label={label} text={text} testId={testId} />
  );
  return (
    <Sheet open={order.sheet === 'confirm'} title={t('futures.form.confirmTitle')} onClose={() => order.set.setSheet(null)}>
      <div className={styles.confirm} data-testid="order-confirm">
        <p className={`${styles.confirmHead} ${styles[side]}`}>
          {sideLabel} · {pair.symbol} · {t('futures.form.multiple', { multiple })}
        </p>
        {figure(t('futures.form.type'), t(market ? 'futures.form.market' : 'futures.form.limit'), 'confirm-type')}
        {live(t('futures.form.openPrice'), (f) => f.priceText, 'confirm-price')}
        {!market && <FillLine box={box} testId="confirm-fills-now" className={styles.fills} />}
        {figure(t('futures.form.lots'), lots.trim(), 'confirm-lots')}
        {live(t('futures.form.size'), (f) => `${f.numberText} ${pair.base}`, 'confirm-size')}
        {live(t('futures.form.margin'), (f) => `${f.marginText} ${MONEY}`, 'confirm-margin')}
        {live(t('futures.form.fee'), (f) => `${f.feeText} ${MONEY}`, 'confirm-fee')}
        {live(t('futures.form.total'), (f) => `${f.totalText} ${MONEY}`, 'confirm-total')}
        {live(t('futures.form.liquidation'), (f) => f.liquidationText, 'confirm-liquidation')}
        {stopsOpen && takeProfit.trim() && figure(t('futures.form.takeProfit'), takeProfit.trim(), 'confirm-tp')}
        {stopsOpen && stopLoss.trim() && figure(t('futures.form.stopLoss'), stopLoss.trim(), 'confirm-sl')}
        {market && <p className={styles.hint}>{t('futures.form.marketHint')}</p>}
        {(order.bandText ?? order.limitText) && <p className={styles.error}>{order.bandText ?? order.limitText}</p>}
        <Button
          block
          busy={order.form.busy}
          disabled={order.blocked}
          className={`${styles.submit} ${styles[side]}`}
          onClick={() => void order.submit()}
          data-testid="order-confirm-submit"
        >
          {t('futures.form.confirm')}
        </Button>
      </div>
    </Sheet>
  );
}
