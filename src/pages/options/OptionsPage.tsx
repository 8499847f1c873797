/**
 * The seconds options screen (transaction/index2): the pair (tap to switch), its
 * live price and chart, the expiries (seconds and payout ratio), the stake (min/max, available
 * in the options account, a transfer link when empty) and the big Up / Down buttons; a confirm
 * sheet; then a live countdown card per pending option (open vs live price, the would-be result
 * from the worker), and a result card when one settles: win / draw / loss, expected vs actual
 * P&L, the deciding price and time.
 */
import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, ChevronDown } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { InputOf } from '../../../domain/api/contract';
import { optionsEndpoints } from '../../../domain/options/contract';
import { Decimal } from '../../../domain/decimal';
import type { MarketPair } from '../../../domain/market/types';
import type { OptionDirection } from '../../../domain/options/types';
import { topics } from '../../../domain/protocol';
import { apiQuery, useInvalidate } from '../../api/queries';
import { ApiError, call } from '../../api/request';
import { useTicker } from '../../state/market';
import { optionsState } from '../../state/options';
import { sessionState } from '../../state/session';
import { showToast } from '../../state/ui';
import { Button } from '../../ui/Button';
import { Empty } from '../../ui/Empty';
import { FeedBanner } from '../../ui/FeedBanner';
import { NavBar } from '../../ui/NavBar';
import { AlertBell } from '../../ui/alerts/AlertBell';
import { Page } from '../../ui/Page';
import { Sheet } from '../../ui/Sheet';
import { useForm } from '../../ui/useForm';
import { useFormat } from '../../ui/useFormat';
import { useTopics } from '../../ui/useTopics';
import type { OptionView } from '../../../worker/options/OptionsSlice';
import { PairSheet } from '../../ui/trading/PairSheet';
import { clockTime } from './clockTime';
import styles from './Options.module.css';
import { PairMissing } from '../../ui/trading/PairMissing';
import { PriceSource, PriceStaleNotice } from '../../ui/trading/PriceSource';
import { usePair } from '../../ui/trading/usePair';
import { useTickerFocus } from '../../ui/useTickerFocus';
import { Term } from '../../ui/Term';
import { pagePath } from '../../paths';

const KlineChart = lazy(() => import('../../ui/trading/chart/KlineChart'));
const USDT_ID = 3;
const STAKE_CURRENCY = 'USDT';
const QUICK = ['10', '50', '100', '500'];

/**
 * The time for the countdowns, fresh every quarter second while `active`. It is taken again the
 * moment a countdown starts: a time kept from while nothing counted would show a new 30 s option
 * with more than 30 s left.
 */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const id = setInterval(tick, 250);
    return () => (clearTimeout(first), clearInterval(id));
  }, [active]);
  return now;
}

const RESULT_KEYS = { win: 'options.result.win', draw: 'options.result.draw', loss: 'options.result.loss' } as const;

/** A pending option: countdown bar, open vs live price, the would-be result. */
export function PendingCard({ o, now }: { o: OptionView; now: number }) {
  const { t } = useTranslation();
  // Never more than the expiry: the device clock may run a little behind the server's.
  const left = Math.min(o.seconds, Math.max(0, Math.ceil((o.expires_at - now) / 1000)));
  const share = Math.min(100, Math.max(0, ((o.expires_at - now) / (o.seconds * 1000)) * 100));
  return (
    <article className={styles.card} data-testid="option-pending" data-id={o.id}>
      <div className={styles.cardHead}>
        <span>
          {o.symbol} <span className={`${styles.badge} ${styles[o.direction]}`}>{t(`options.${o.direction}`)}</span>
        </span>
        <span className="num">
          {o.stakeText} {o.currency}
        </span>
      </div>
      <div className={styles.countdown}>
        <div className={styles.bar} role="progressbar" aria-valuenow={left} aria-valuemin={0} aria-valuemax={o.seconds}>
          <i style={{ width: `${share}%` }} />
        </div>
        <span className={`${styles.seconds} num`} data-testid="option-countdown">
          {left > 0 ? t('options.secondsShort', { n: left }) : t('options.settling')}
        </span>
      </div>
      <dl className={styles.cells}>
        <Term label={t('options.openPrice')}>{o.openText}</Term>
        <div>
          <dt>{t('options.livePrice')}</dt>
          <dd className={`num ${o.priceTone}`} data-testid="option-live">
            {o.priceText}
          </dd>
        </div>
        <div>
          <dt>{t('options.nowResult')}</dt>
          <dd className={`num ${o.tone}`}>
            <span data-testid="option-would">{o.result ? t(RESULT_KEYS[o.result]) : '--'}</span> {o.pnlText}
          </dd>
        </div>
      </dl>
    </article>
  );
}

/** A settled option: result, expected vs actual P&L, the price and time that decided it. */
export function ResultCard({ o }: { o: OptionView }) {
  const { t } = useTranslation();
  return (
    <article className={`${styles.card} ${styles.result} ${o.result ? styles[o.result] : ''}`} data-testid="option-result" data-id={o.id}>
      <div className={styles.cardHead}>
        <span className={styles.resultTitle} data-testid="option-result-title">
          {o.result ? t(RESULT_KEYS[o.result]) : '--'}
        </span>
        <span>
          {o.symbol} <span className={`${styles.badge} ${styles[o.direction]}`}>{t(`options.${o.direction}`)}</span>
        </span>
      </div>
      <dl className={styles.cells}>
        <Term label={t('options.openPrice')}>{o.openText}</Term>
        <div>
          <dt>{t('options.closePrice')}</dt>
          <dd className={`num ${o.priceTone}`} data-testid="option-result-price">
            {o.priceText}
          </dd>
        </div>
        <div>
          <dt>{t('options.actualPnl')}</dt>
          <dd className={`num ${o.tone}`} data-testid="option-result-pnl">
            {o.pnlText}
          </dd>
        </div>
        <Term label={t('options.openTime')}>{clockTime(o.open_ts, 'HH:mm:ss')}</Term>
        <Term label={t('options.closeTime')} testId="option-result-time">
          {o.close_ts ? clockTime(o.close_ts, 'HH:mm:ss') : '--'}
        </Term>
        <Term label={t('options.expectedPnl')} tone="up">
          {o.expectedText}
        </Term>
      </dl>
      {o.decided_by === 'record' && <p className={styles.hint}>{t('options.decidedByRecord')}</p>}
    </article>
  );
}

function Trade({ pair, onPlaced }: { pair: MarketPair; onPlaced: () => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const invalidate = useInvalidate();
  const signedIn = Boolean(useSnapshot(sessionState).token);
  const { data: expiries } = useQuery(apiQuery('/microtrade/seconds'));
  const { data: payable } = useQuery({ ...apiQuery('/microtrade/payable_currencies'), enabled: signedIn });
  useTickerFocus(pair.symbol);
  const tk = useTicker(pair.symbol);
  const [seconds, setSeconds] = useState<number | null>(null);
  const [stake, setStake] = useState('');
  const [confirm, setConfirm] = useState<OptionDirection | null>(null);
  const form = useForm<'number'>(['number']);
  const expiry = expiries?.find((e) => e.seconds === seconds) ?? expiries?.[0];
  const currency = payable?.[0];
  const available = currency?.available ?? null;
  const empty = available !== null && new Decimal(available).isZero();
  const ratioText = (r: string) => `${fmt.number(new Decimal(r).mul(100).toFixed())}%`;
  const expected = (() => {
    try {
      if (!expiry || !stake.trim()) return null;
      // A stake of zero or less has no profit to show (it read "+-8 USDT" for a typed "-10").
      const stakeValue = new Decimal(stake.trim());
      return stakeValue.gt(0) ? stakeValue.mul(expiry.ratio).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed() : null;
    } catch {
      return null;
    }
  })();

  const stakeShown = [stake.trim(), STAKE_CURRENCY].join(' ');
  const body = (direction: OptionDirection): InputOf<'/microtrade/submit'> => ({
    match_id: String(pair.id),
    currency_id: String(currency?.currency_id ?? USDT_ID),
    type: direction,
    seconds: String(expiry?.seconds ?? ''),
    number: stake.trim(),
  });

  const review = (direction: OptionDirection) => {
    if (!signedIn) return showToast(t('options.signIn'));
    if (!form.check(optionsEndpoints['/microtrade/submit'].input, body(direction))) return;
    if (expiry && new Decimal(stake.trim()).lt(expiry.min_stake))
      return form.setFieldError('number', t('errors.stakeMin', { min: expiry.min_stake, currency: 'USDT' }));
    if (expiry && new Decimal(stake.trim()).gt(expiry.max_stake))
      return form.setFieldError('number', t('errors.stakeMax', { max: expiry.max_stake, currency: 'USDT' }));
    if (available !== null && new Decimal(stake.trim()).gt(available)) return form.setFieldError('number', t('errors.insufficientBalance'));
    setConfirm(direction);
  };

  const submit = async () => {
    if (!confirm) return;
    const direction = confirm;
    const done = await form.run(
      (idempotencyKey) => call('/microtrade/submit', body(direction), { idempotencyKey, silent: true }),
      (error) => {
        if (error instanceof ApiError && error.type !== 999 && error.type !== 998) form.setError(error.message);
        setConfirm(null);
      },
    );
    if (!done) return;
    setConfirm(null);
    showToast(t('options.placed'));
    onPlaced();
    void invalidate('options', 'balances');
  };

  return (
    <section className={styles.panel} data-testid="options-form">
      <div className={styles.label}>{t('options.expiry')}</div>
      <div className={styles.chips} role="radiogroup" aria-label={t('options.expiry')}>
        {(expiries ?? []).map((e) => (
          <button
            key={e.seconds}
            type="button"
            role="radio"
            aria-checked={e.seconds === expiry?.seconds}
            className={`${styles.chip} ${e.seconds === expiry?.seconds ? styles.chipOn : ''}`}
            onClick={() => setSeconds(e.seconds)}
            data-testid={`expiry-${e.seconds}`}
          >
            <b className="num">{t('options.secondsShort', { n: e.seconds })}</b>
            <span className="num">+{ratioText(e.ratio)}</span>
          </button>
        ))}
      </div>
      <div className={styles.label}>
        <span>{t('options.stake')}</span>
        <span className="num" data-testid="options-available">
          {t('options.available')}: {available === null ? '--' : `${fmt.balance(available, 'USDT')} USDT`}
        </span>
      </div>
      <label className={styles.stake}>
        <input
          inputMode="decimal"
          value={stake}
          onChange={(e) => (setStake(e.target.value), form.clear('number'))}
          placeholder={expiry ? t('options.stakeRange', { min: expiry.min_stake, max: fmt.number(expiry.max_stake) }) : ''}
          aria-label={t('options.stake')}
          data-testid="options-stake"
        />
        <span>{currency?.name ?? STAKE_CURRENCY}</span>
      </label>
      <div className={styles.quick}>
        {QUICK.map((q) => (
          <button key={q} type="button" onClick={() => (setStake(q), form.clear('number'))}>
            {q}
          </button>
        ))}
      </div>
      {form.errors.number && <p className={styles.error}>{form.errors.number}</p>}
      {form.error && <p className={styles.error}>{form.error}</p>}
      <div className={styles.hint}>
        <span>
          {t('options.expectedProfit')}:{' '}
          <b className="num up" data-testid="options-expected">
            {expected ? `+${fmt.number(expected)} USDT` : '--'}
          </b>
        </span>
        {empty && (
          <Link to={pagePath('fund', 'fundTransfer', { to: 'micro' })} className={styles.link} data-testid="options-transfer">
            {t('options.transfer')}
          </Link>
        )}
      </div>
      <div className={styles.buttons}>
        <button type="button" className={styles.upButton} onClick={() => review('up')} data-testid="option-up">
          <ArrowUp size={20} /> {t('options.up')}
        </button>
        <button type="button" className={styles.downButton} onClick={() => review('down')} data-testid="option-down">
          <ArrowDown size={20} /> {t('options.down')}
        </button>
      </div>

      <Sheet open={confirm !== null} title={t('options.confirmTitle')} onClose={() => setConfirm(null)}>
        <div className={styles.confirm} data-testid="option-confirm">
          <p className={`${styles.confirmHead} ${confirm ? styles[confirm] : ''}`}>
            {pair.symbol} · {confirm ? t(`options.${confirm}`) : ''}
          </p>
          <div className={styles.figure}>
            <span>{t('options.expiry')}</span>
            <span className="num">{expiry ? t('options.secondsShort', { n: expiry.seconds }) : '--'}</span>
          </div>
          <div className={styles.figure}>
            <span>{t('options.stake')}</span>
            <span className="num">{stakeShown}</span>
          </div>
          <div className={styles.figure}>
            <span>{t('options.currentPrice')}</span>
            <span className="num">{tk?.priceText ?? '--'}</span>
          </div>
          <div className={styles.figure}>
            <span>{t('options.payoutRatio')}</span>
            <span className="num">{expiry ? ratioText(expiry.ratio) : '--'}</span>
          </div>
          <div className={styles.figure}>
            <span>{t('options.expectedProfit')}</span>
            <span className="num up">{expected ? `+${fmt.number(expected)} USDT` : '--'}</span>
          </div>
          <p className={styles.hint}>{t('options.rule')}</p>
          <Button block busy={form.busy} onClick={() => void submit()} data-testid="option-confirm-submit">
            {t('options.confirm')}
          </Button>
        </div>
      </Sheet>
    </section>
  );
}

/** The latest result of this pair and the pending options; `placed` counts the user's placements here. */
function LiveOptions({ pair, placed }: { pair: MarketPair; placed: number }) {
  const { t } = useTranslation();
  const { pending, settled } = useSnapshot(optionsState);
  const pendingTitle = [t('options.pending'), `(${pending.length})`].join(' ');
  const now = useNow(pending.length > 0);
  const latest = settled.filter((o) => o.symbol === pair.symbol).slice(0, 1);
  const section = useRef<HTMLElement>(null);
  const followed = useRef(placed);
  const newest = pending[0]?.id ?? 0;
  useEffect(() => {
    // After a placement the countdown card comes into view as it arrives (below the fold on a phone).
    if (placed === followed.current || !newest) return;
    followed.current = placed;
    section.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [placed, newest]);
  return (
    <section className={styles.section} ref={section}>
      {latest.map((o) => (
        <ResultCard key={o.id} o={o} />
      ))}
      <div className={styles.sectionHead}>
        <span>{pendingTitle}</span>
        <Link to={pagePath('transaction', 'seconds_order')} data-testid="options-all-orders">
          {t('options.allOrders')}
        </Link>
      </div>
      {pending.length === 0 ? <Empty text={t('options.noPending')} /> : pending.map((o) => <PendingCard key={o.id} o={o} now={now} />)}
    </section>
  );
}

/** The price line: the only part of the page that follows the ticker (the page does not re-render for a tick). */
function Summary({ symbol }: { symbol: string }) {
  const tk = useTicker(symbol);
  return (
    <>
      <section className={styles.summary}>
        <span className={`${styles.price} num ${tk?.tone ?? ''}`} data-testid="last-price">
          {tk?.priceText ?? '--'}
        </span>
        <span className={`${styles.change} num ${tk?.tone ?? ''}`}>{tk?.changeText}</span>
        <PriceSource ticker={tk} />
      </section>
      <PriceStaleNotice ticker={tk} />
    </>
  );
}

export default function OptionsPage() {
  const { t } = useTranslation();
  const choice = usePair();
  const { pair, choose } = choice;
  const [switching, setSwitching] = useState(false);
  const [placed, setPlaced] = useState(0);
  const onPlaced = useCallback(() => setPlaced((n) => n + 1), []);
  useTopics(useMemo(() => [topics.quotes()], []));
  useTickerFocus(pair?.symbol);
  if (!pair)
    return (
      <Page title={t('options.title')}>
        <PairMissing choice={choice} notListed={t('trade.pair.notFound')} />
      </Page>
    );
  return (
    <Page
      header={
        <NavBar
          title={
            <button type="button" className={styles.pairButton} onClick={() => setSwitching(true)} data-testid="pair-switch">
              <b>{pair.symbol}</b>
              <ChevronDown size={16} />
            </button>
          }
          right={<AlertBell pair={pair} />}
        />
      }
    >
      <FeedBanner />
      <Summary symbol={pair.symbol} />
      <div className={styles.chart}>
        <Suspense fallback={<div className={styles.chartFallback} />}>
          <KlineChart key={pair.symbol} symbol={pair.symbol} period="1min" mode="line" priceDecimals={pair.price_decimals} />
        </Suspense>
      </div>
      <Trade key={pair.symbol} pair={pair} onPlaced={onPlaced} />
      <LiveOptions pair={pair} placed={placed} />
      <PairSheet
        key={String(switching)}
        open={switching}
        current={pair.symbol}
        onClose={() => setSwitching(false)}
        onPick={(s) => {
          setSwitching(false);
          choose(s);
        }}
      />
    </Page>
  );
}
