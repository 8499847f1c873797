import { ChevronDown, ChevronUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { typedAmount } from '../../../domain/funds/amounts';
import type { MarketPair } from '../../../domain/market/types';
import { pagePath } from '../../paths';
import { Button } from '../../ui/Button';
import type { PreviewFigures } from '../../../worker/futures/preview';
import { ConfirmSheet, FillLine, LeverageSheet, MONEY, PreviewLine } from './OrderFormParts';
import styles from '../../ui/trading/OrderForm.module.css';
import { useOrderForm } from './useOrderForm';

const TRANSFER_PATH = pagePath('fund', 'fundTransfer', { from: 'change' });
const LOGIN_PATH = pagePath('common', 'login');
const PERCENTS = [25, 50, 75, 100] as const;

/**
 * The futures order form: long or short, market or limit, lots, leverage, optional take-profit
 * and stop-loss, the percentage buttons of the available futures balance, the worker's live
 * preview (margin, fee, estimated liquidation price), a confirmation sheet, then `/lever/submit`
 * with the submit's Idempotency-Key. `price` is a book price the user tapped: the form switches
 * to a limit order at that price. `highest` (home's "Super leverage" shortcut, `&lever=super`)
 * opens at the pair's highest multiple instead of the remembered one. Its state and steps are
 * `useOrderForm`'s.
 */
export function OrderForm({ pair, price, highest }: { pair: MarketPair; price?: string | null; highest?: boolean }) {
  const { t } = useTranslation();
  const order = useOrderForm(pair, price, highest);
  const { form, set, settings, signedIn, problem, problemText, lotsTyped, stopErrors, bandText, limitText, empty } = order;
  const { side, market, limitPrice, lots, multiple, stopsOpen, takeProfit, stopLoss } = order.fields;
  const sideLabel = t(side === 'long' ? 'futures.form.openLong' : 'futures.form.openShort');
  const live = (label: string, text: (f: PreviewFigures) => string, testId: string) => (
    <PreviewLine box={order.previewBox} label={label} text={text} testId={testId} />
  );

  return (
    <form className={styles.form} onSubmit={order.review} noValidate data-testid="order-form">
      <div className={styles.sides} role="radiogroup" aria-label={t('futures.form.side')}>
        {(['long', 'short'] as const).map((s) => (
          <button
            key={s}
            type="button"
            role="radio"
            aria-checked={side === s}
            className={`${styles.side} ${styles[s]} ${side === s ? styles.on : ''}`}
            onClick={() => set.setSide(s)}
            data-testid={`order-side-${s}`}
          >
            {t(s === 'long' ? 'futures.form.long' : 'futures.form.short')}
          </button>
        ))}
      </div>

      <div className={styles.row}>
        <div className={styles.kinds} role="radiogroup" aria-label={t('futures.form.type')}>
          {([true, false] as const).map((m) => (
            <button
              key={String(m)}
              type="button"
              role="radio"
              aria-checked={market === m}
              className={`${styles.kind} ${market === m ? styles.on : ''}`}
              onClick={() => order.chooseMarket(m)}
              data-testid={m ? 'order-market' : 'order-limit'}
            >
              {t(m ? 'futures.form.market' : 'futures.form.limit')}
            </button>
          ))}
        </div>
        <button
          type="button"
          className={styles.leverage}
          onClick={() => set.setSheet('leverage')}
          aria-haspopup="dialog"
          aria-label={`${t('futures.form.leverage')} ${t('futures.form.multiple', { multiple })}`}
          data-testid="order-leverage"
        >
          {t('futures.form.multiple', { multiple })}
          <ChevronDown size={14} />
        </button>
      </div>

      {market ? (
        <div className={`${styles.box} ${styles.muted}`} data-testid="order-market-price">
          {t('futures.form.marketPrice')}
        </div>
      ) : (
        <label className={`${styles.box} ${(form.errorOf('target_price') ?? bandText) ? styles.invalid : ''}`}>
          <input
            className={styles.input}
            value={limitPrice}
            onChange={(e) => form.edit('target_price', set.setLimitPrice)(typedAmount(e.target.value))}
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('futures.form.price')}
            aria-label={t('futures.form.price')}
            name="target_price"
            data-testid="order-price"
          />
          <span className={styles.unit}>{pair.quote}</span>
        </label>
      )}
      {(form.errorOf('target_price') ?? bandText) && (
        <p className={styles.error} data-testid="order-price-error">
          {form.errorOf('target_price') ?? bandText}
        </p>
      )}
      {!market && <FillLine box={order.previewBox} testId="order-fills-now" className={styles.fills} />}

      <label className={`${styles.box} ${form.errorOf('share') || (lotsTyped && problem?.startsWith('lots')) ? styles.invalid : ''}`}>
        <input
          className={styles.input}
          value={lots}
          onChange={(e) => form.edit('share', set.setLots)(typedAmount(e.target.value))}
          inputMode="decimal"
          autoComplete="off"
          placeholder={settings ? t('futures.form.lotsPlaceholder', { min: settings.min_lots }) : t('futures.form.lots')}
          aria-label={t('futures.form.lots')}
          name="share"
          data-testid="order-lots"
        />
        <span className={styles.unit}>{t('futures.form.lotsUnit')}</span>
      </label>
      {(form.errorOf('share') ?? (lotsTyped && problem?.startsWith('lots') ? problemText : null)) && (
        <p className={styles.error} data-testid="order-lots-error">
          {form.errorOf('share') ?? problemText}
        </p>
      )}

      <div className={styles.percents}>
        {PERCENTS.map((p) => (
          <button
            key={p}
            type="button"
            className={styles.percent}
            onClick={() => void order.fillPercent(p)}
            disabled={!settings || empty}
            data-testid={`order-pct-${p}`}
          >
            {t('futures.form.percent', { percent: p })}
          </button>
        ))}
      </div>

      <div className={styles.available}>
        <span>{t('futures.form.available')}</span>
        <span className="num" data-testid="order-available">
          {order.availableText} {MONEY}
        </span>
        {signedIn && (
          <Link to={TRANSFER_PATH} className={styles.transfer} data-testid="order-transfer">
            {t('futures.form.transfer')}
          </Link>
        )}
      </div>
      {signedIn && empty && (
        <p className={styles.notice} data-testid="order-no-funds">
          {t('futures.form.noFunds')}
        </p>
      )}

      <button
        type="button"
        className={styles.stopsToggle}
        onClick={() => set.setStopsOpen((o) => !o)}
        aria-expanded={stopsOpen}
        data-testid="order-stops-toggle"
      >
        {t('futures.form.stops')}
        {stopsOpen ? <ChevronUp size={16} /> : <ChevronDown size={16} />}
      </button>
      {stopsOpen && (
        <div className={styles.stops}>
          {(
            [
              ['target_profit_price', takeProfit, set.setTakeProfit, 'futures.form.takeProfit', 'order-tp'],
              ['stop_loss_price', stopLoss, set.setStopLoss, 'futures.form.stopLoss', 'order-sl'],
            ] as const
          ).map(([field, value, set, label, testId]) => (
            <div key={field}>
              <label className={`${styles.box} ${(form.errorOf(field) ?? stopErrors[field]) ? styles.invalid : ''}`}>
                <input
                  className={styles.input}
                  value={value}
                  onChange={(e) => form.edit(field, set)(typedAmount(e.target.value))}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder={`${t(label)} (${t('futures.form.optional')})`}
                  aria-label={t(label)}
                  name={field}
                  data-testid={testId}
                />
                <span className={styles.unit}>{pair.quote}</span>
              </label>
              {(form.errorOf(field) ?? stopErrors[field]) && (
                <p className={styles.error} data-testid={`${testId}-error`}>
                  {form.errorOf(field) ?? stopErrors[field]}
                </p>
              )}
            </div>
          ))}
        </div>
      )}

      <div className={styles.figures} data-testid="order-preview">
        {live(t('futures.form.margin'), (f) => `${f.marginText} ${MONEY}`, 'order-margin')}
        {live(t('futures.form.fee'), (f) => `${f.feeText} ${MONEY}`, 'order-fee')}
        {live(t('futures.form.liquidation'), (f) => f.liquidationText, 'order-liquidation')}
      </div>
      {limitText && (
        <p className={styles.error} data-testid="order-limit-error">
          {limitText}
        </p>
      )}
      {lotsTyped && problem === 'insufficient' && (
        <p className={styles.error} data-testid="order-insufficient">
          {problemText}
        </p>
      )}
      {form.error && (
        <p className={styles.formError} role="alert" data-testid="order-error">
          {form.error}
        </p>
      )}

      {signedIn ? (
        <Button
          type="submit"
          block
          busy={form.busy}
          disabled={order.blocked}
          className={`${styles.submit} ${styles[side]}`}
          data-testid="order-submit"
        >
          {sideLabel}
        </Button>
      ) : (
        <Link to={LOGIN_PATH} className={styles.login} data-testid="order-login">
          {t('futures.form.login')}
        </Link>
      )}

      <LeverageSheet order={order} />
      <ConfirmSheet order={order} pair={pair} sideLabel={sideLabel} />
    </form>
  );
}
