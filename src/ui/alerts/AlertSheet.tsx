/**
 * The alert sheet of a pair: kind chips (rises to, falls to, 24 h move), the
 * threshold prefilled from the worker's live price, the live distance to firing (worker:
 * domain/alerts/rules.ts), a note when the rule already holds (it fires at the next tick), and the
 * pair's existing alerts. Editing an alert (from this list or the alerts page) re-arms it.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ALERT_KINDS, type AlertKind, type PriceAlert } from '../../../domain/alerts/types';
import type { MarketPair } from '../../../domain/market/types';
import { useTicker } from '../../state/market';
import { getWorker } from '../../worker-client';
import type { AlertPreview } from '../../../worker/alerts/preview';
import { Button } from '../Button';
import { Sheet } from '../Sheet';
import { useTickerFocus } from '../useTickerFocus';
import { useTopics } from '../useTopics';
import { AlertRow } from './AlertRow';
import { useAlertActions, useAlerts } from './useAlerts';
import styles from './Alerts.module.css';
import { useWorkerPreview } from '../useWorkerPreview';
import { pagePath } from '../../paths';

/** The alerts page's path (src/pages/alerts/routes.ts). */
export const ALERTS_PATH = pagePath('alerts', 'index');

/** Shown before a 24 h move's percentage: it fires on a rise or a fall. */
const PLUS_MINUS = '±';

type Pair = Pick<MarketPair, 'id' | 'symbol' | 'price_decimals'>;

export function AlertSheet({ pair, editing: initial, onClose }: { pair: Pair; editing?: PriceAlert; onClose: () => void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<PriceAlert | undefined>(initial);
  const [kind, setKind] = useState<AlertKind>(initial?.kind ?? 'above');
  // What the user typed, and the worker's suggestion shown until they touch the field. Kept apart
  // so that a suggestion committed late (React renders a promise's update in a later task) can
  // never rewrite the field under the user's fingers: once focused, the field shows `typed` only.
  // (Written into one state, a suggestion committed between a focus and the first keystroke once
  // turned "62811.12" typed over "64409.94" into "64409.9462811.12".)
  const [typed, setTyped] = useState(initial?.threshold ?? '');
  const [suggested, setSuggested] = useState('');
  const [touched, setTouched] = useState(Boolean(initial));
  const threshold = touched ? typed : suggested;
  const [busy, setBusy] = useState(false);
  const actions = useAlertActions();
  const { alerts } = useAlerts(pair.symbol);
  useTopics(['quotes']);
  useTickerFocus(pair.symbol);
  // A new price re-runs the preview (and the prefill until the user types).
  const livePrice = useTicker(pair.symbol)?.priceText;

  useEffect(() => {
    if (touched) return;
    let live = true;
    void getWorker()
      .alerts.suggest(pair.symbol, kind)
      .then((v) => live && v && setSuggested(v));
    return () => {
      live = false;
    };
  }, [pair.symbol, kind, touched, livePrice]);

  const preview = useWorkerPreview<AlertPreview>(
    () => getWorker().alerts.preview({ symbol: pair.symbol, price_decimals: pair.price_decimals, kind, threshold }),
    // `livePrice` is not read here: the worker judges the threshold against its own feed, asked again on each new price.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [pair.symbol, pair.price_decimals, kind, threshold, livePrice],
  );

  const quote = pair.symbol.split('/')[1] ?? '';
  const problem = preview?.problem && threshold.trim() ? t(`validation.alertThreshold${preview.problem}`, preview.params) : null;

  async function save() {
    setBusy(true);
    const value = threshold.trim();
    const ok = editing ? await actions.update(editing.id, kind, value) : await actions.create(pair.id, kind, value);
    setBusy(false);
    if (!ok) return;
    if (initial) onClose();
    else {
      setEditing(undefined);
      setTouched(false);
    }
  }

  function edit(alert: PriceAlert) {
    setEditing(alert);
    setKind(alert.kind);
    setTyped(alert.threshold);
    setTouched(true);
  }

  return (
    <Sheet open title={t(editing ? 'alerts.editTitle' : 'alerts.sheetTitle', { symbol: pair.symbol })} onClose={onClose}>
      <div className={styles.sheet} data-testid="alert-sheet">
        <div className={styles.quote}>
          <div>
            <span>{t('alerts.lastPrice')}</span>
            <b className="num" data-testid="alert-last-price">
              {preview?.priceText ?? '--'}
            </b>
          </div>
          <div className={styles.quoteRight}>
            <span>{t('alerts.change24h')}</span>
            <b className={`num ${preview?.changeTone ?? ''}`}>{preview?.changeText ?? '--'}</b>
          </div>
        </div>

        <div className={styles.chips} role="radiogroup">
          {ALERT_KINDS.map((k) => (
            <button
              key={k}
              type="button"
              role="radio"
              aria-checked={kind === k}
              className={`${styles.chip} ${kind === k ? styles.chipOn : ''}`}
              onClick={() => {
                if (k === kind) return;
                setKind(k);
                // A price does not carry over to a percentage, nor back.
                if (k === 'change' || kind === 'change') {
                  setSuggested('');
                  setTouched(false);
                }
              }}
              data-testid={`alert-kind-${k}`}
            >
              {t(`alerts.kinds.${k}`)}
            </button>
          ))}
        </div>

        <label className={styles.field}>
          <span>{t(kind === 'change' ? 'alerts.thresholdLabel.change' : 'alerts.thresholdLabel.price')}</span>
          <div className={styles.inputBox}>
            {kind === 'change' && <span className={styles.unit}>{PLUS_MINUS}</span>}
            <input
              inputMode="decimal"
              value={threshold}
              onFocus={(e) => {
                // The field becomes the user's with what it shows now (the DOM's value: a
                // suggestion not yet committed is never taken).
                if (touched) return;
                setTyped(e.target.value);
                setTouched(true);
              }}
              onChange={(e) => {
                setTouched(true);
                setTyped(e.target.value);
              }}
              data-testid="alert-threshold"
            />
            <span className={styles.unit}>{kind === 'change' ? '%' : quote}</span>
          </div>
        </label>

        <div className={styles.hint} aria-live="polite" data-testid="alert-hint">
          {problem ? (
            <span className={styles.error} role="alert">
              {problem}
            </span>
          ) : preview?.firesNow ? (
            <span className={styles.warnText} data-testid="alert-fires-now">
              {t(`alerts.firesNow.${kind}`)}
            </span>
          ) : kind === 'change' ? (
            <span>{t('alerts.changeLeft', { distance: preview?.distanceText ?? '--', change: preview?.changeText ?? '--' })}</span>
          ) : (
            <span className={`num ${preview?.distanceTone ?? ''}`} data-testid="alert-distance">
              {t('alerts.distance', { distance: preview?.distanceText ?? '--' })}
            </span>
          )}
        </div>
        {kind === 'change' && <p className={styles.note}>{t('alerts.changeHint')}</p>}

        <Button block busy={busy} disabled={!preview || preview.problem !== null} onClick={() => void save()} data-testid="alert-save">
          {t(editing ? 'alerts.save' : 'alerts.create')}
        </Button>
        <p className={styles.note}>{t('alerts.onceNote')}</p>

        {!initial && (
          <section className={styles.pairList}>
            <header>
              <h3>{t('alerts.pairAlerts')}</h3>
              <Link to={ALERTS_PATH} onClick={onClose} data-testid="alerts-manage">
                {t('alerts.manageAll')}
              </Link>
            </header>
            {alerts.length ? (
              <ul className={styles.list}>
                {alerts.map((a) => (
                  <AlertRow key={a.id} alert={a} showSymbol={false} onEdit={edit} onDelete={(x) => void actions.remove(x.id)} />
                ))}
              </ul>
            ) : (
              <p className={styles.none}>{t('alerts.noPairAlerts')}</p>
            )}
          </section>
        )}
      </div>
    </Sheet>
  );
}
