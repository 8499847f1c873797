import { useQuery } from '@tanstack/react-query';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { proxy, ref, subscribe, useSnapshot } from 'valtio';
import { contract, type InputOf } from '../../../domain/api/contract';
import { formatAmount } from '../../../domain/format';
import { typedAmount } from '../../../domain/funds/amounts';
import { maxNotional } from '../../../domain/futures/formulas';
import type { FuturesSide } from '../../../domain/futures/types';
import type { MarketPair } from '../../../domain/market/types';
import { apiQuery } from '../../api/queries';
import { ApiError, call } from '../../api/request';
import { futuresState } from '../../state/futures';
import { marketState } from '../../state/market';
import { useSelect } from '../../state/select';
import { sessionState } from '../../state/session';
import { showToast } from '../../state/ui';
import { Button } from '../../ui/Button';
import { Sheet } from '../../ui/Sheet';
import { useForm } from '../../ui/useForm';
import { useFormat } from '../../ui/useFormat';
import { getWorker } from '../../worker-client';
import type { FuturesPreview, PreviewFigures, PreviewInput, PreviewProblem } from '../../../worker/futures/preview';
import { DEFAULT_MULTIPLE, storedLeverage, storeLeverage } from './OrderFormLeverage';
import styles from './OrderForm.module.css';

/** The futures account's currency. */
const MONEY = 'USDT';
const TRANSFER_PATH = '/pages/fund/fundTransfer?from=change';
const LOGIN_PATH = '/pages/common/login';
const PERCENTS = [25, 50, 75, 100] as const;
/** A market order's preview follows the price at most this often. */
const PREVIEW_MS = 250;

/** Same texts and problem: the preview shown is kept and nothing re-renders. */
const samePreview = (a: FuturesPreview | null, b: FuturesPreview) => a !== null && JSON.stringify(a) === JSON.stringify(b);

/** The message of each reason the worker's preview gives for a refusal (none while loading). */
const PROBLEM_KEYS = {
  loading: null,
  lotsRequired: 'futures.problem.lotsRequired',
  lotsInvalid: 'futures.problem.lotsInvalid',
  lotsDecimals: 'futures.problem.lotsDecimals',
  lotsMin: 'futures.problem.lotsMin',
  lotsMax: 'futures.problem.lotsMax',
  multiple: 'futures.problem.multiple',
  priceRequired: 'futures.problem.priceRequired',
  priceInvalid: 'futures.problem.priceInvalid',
  priceDecimals: 'futures.problem.priceDecimals',
  priceBand: 'validation.limitOutsideBand',
  leverageBracket: 'errors.leverageBracket',
  positionLimit: 'errors.positionLimit',
  insufficient: 'errors.insufficientBalance',
} as const satisfies Record<PreviewProblem, string | null>;

/** The trading rules (issue 30) the server refuses with: told as the user types, and Confirm is off while one is broken. */
const BLOCKING: ReadonlySet<PreviewProblem> = new Set(['priceBand', 'leverageBracket', 'positionLimit']);

/** One take-profit or stop-loss issue of the preview. */
type StopIssue = NonNullable<FuturesPreview['stops']['takeProfit']>;

type Field = 'share' | 'target_price' | 'target_profit_price' | 'stop_loss_price';

/**
 * The form's latest preview, outside React state: a market order's preview follows the price
 * (up to 4×/s), and only the figure lines that show it subscribe to it (`PreviewLine`); the form
 * itself re-renders only when the preview's problem changes.
 */
type PreviewBox = {
  current: FuturesPreview | null;
  /** The inputs `current` answers (`inputKey`): until it answers what is typed now, the order is not checked. */
  for: string | null;
};

/** What identifies a preview's inputs. */
const inputKey = (input: PreviewInput) => JSON.stringify(input);

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
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
function FillLine({ box, testId, className }: { box: PreviewBox; testId: string; className?: string }) {
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
function PreviewLine({
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

/**
 * The futures order form (issue 9 item 3): long or short, market or limit, lots, leverage,
 * optional take-profit and stop-loss, the percentage buttons of the available futures balance,
 * the worker's live preview (margin, fee, estimated liquidation price), a confirmation sheet,
 * then `/lever/submit` with the submit's Idempotency-Key. `price` is a book price the user
 * tapped: the form switches to a limit order at that price. `highest` (home's "Super leverage"
 * shortcut, `&lever=super`) opens at the pair's highest multiple instead of the remembered one.
 */
export function OrderForm({ pair, price, highest }: { pair: MarketPair; price?: string | null; highest?: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { token } = useSnapshot(sessionState);
  const signedIn = Boolean(token);
  const deal = useQuery({ ...apiQuery('/lever/deal', { match_id: String(pair.id) }), enabled: signedIn });
  const settings = deal.data;
  // Only the strings the form shows or reckons with: the account's view is replaced on every
  // tick (its P&L moves), and the form must not re-render for that.
  const accountAvailable = useSelect(futuresState, (s) => s.account?.available);
  const accountAvailableText = useSelect(futuresState, (s) => s.account?.availableText);

  const [side, setSide] = useState<FuturesSide>('long');
  const [market, setMarket] = useState(true);
  const [limitPrice, setLimitPrice] = useState('');
  const [lots, setLots] = useState('');
  // The leverage last chosen on this pair (the form is keyed by pair), else 10×.
  const [multiple, setMultiple] = useState(() => storedLeverage(pair.symbol));
  const [stopsOpen, setStopsOpen] = useState(false);
  const [takeProfit, setTakeProfit] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const [sheet, setSheet] = useState<'leverage' | 'confirm' | null>(null);
  const [previewBox] = useState(() => proxy<PreviewBox>({ current: null, for: null }));
  // The form renders only what the problem changes (messages, invalid boxes), by its key and
  // params, and the take-profit's and stop-loss's issues.
  const problemSig = useSelect(previewBox, (b) =>
    b.current?.problem ? `${b.current.problem}|${JSON.stringify(b.current.params ?? {})}` : '',
  );
  const stopsSig = useSelect(previewBox, (b) =>
    b.current?.stops.takeProfit || b.current?.stops.stopLoss ? JSON.stringify(b.current.stops) : '',
  );
  const problem = problemSig ? previewBox.current?.problem : undefined;
  const problemParams = problemSig ? previewBox.current?.params : undefined;
  const stopIssues = stopsSig ? (JSON.parse(stopsSig) as FuturesPreview['stops']) : null;
  const form = useForm<Field>(['share', 'target_price', 'target_profit_price', 'stop_loss_price']);

  // A tapped book price makes a limit order at that price.
  useEffect(() => {
    if (!price) return;
    setMarket(false);
    setLimitPrice(price);
    form.clear('target_price');
  }, [price, form.clear]); // eslint-disable-line react-hooks/exhaustive-deps

  // The worker reckons with the pair's settings; prices it takes from its own feed.
  useEffect(() => {
    if (!settings) return;
    const { available: _a, positions: _p, orders: _o, ...pairSettings } = settings;
    void getWorker().futures.setSettings([pairSettings]);
    const top = Math.max(...pairSettings.multiples);
    if (highest && Number.isFinite(top)) setMultiple(top);
    else if (!pairSettings.multiples.includes(multiple))
      setMultiple(pairSettings.multiples.includes(DEFAULT_MULTIPLE) ? DEFAULT_MULTIPLE : (pairSettings.multiples[0] ?? 1));
  }, [settings]); // eslint-disable-line react-hooks/exhaustive-deps

  const input: PreviewInput = useMemo(
    () => ({
      match_id: pair.id,
      side,
      market,
      lots,
      multiple,
      price: market ? undefined : limitPrice,
      takeProfit: stopsOpen ? takeProfit : undefined,
      stopLoss: stopsOpen ? stopLoss : undefined,
    }),
    [pair.id, side, market, lots, multiple, limitPrice, stopsOpen, takeProfit, stopLoss],
  );

  // The preview follows the inputs and the worker's price at most every PREVIEW_MS (the last one
  // asked wins): a market order's figures, and for a limit order whether the market already
  // crosses it and the price band around the mark. The price is watched here, not rendered, and
  // the answer goes to `previewBox`: only a figure line whose text changed re-renders, the form
  // only when the problem changes, never for a tick as such.
  const asked = useRef(0);
  useEffect(() => {
    if (!settings) return;
    const key = inputKey(input);
    const ask = () => {
      const n = ++asked.current;
      void getWorker()
        .futures.preview(input)
        .then((p) => {
          if (n !== asked.current) return;
          if (!samePreview(previewBox.current, p)) previewBox.current = ref(p);
          previewBox.for = key;
        });
    };
    ask();
    let timer: ReturnType<typeof setTimeout> | null = null;
    let price = marketState.tickers[pair.symbol]?.price;
    const stop = subscribe(marketState.tickers, () => {
      timer ??= setTimeout(() => {
        timer = null;
        const now = marketState.tickers[pair.symbol]?.price;
        if (now === price) return;
        price = now;
        ask();
      }, PREVIEW_MS);
    });
    return () => {
      stop();
      if (timer) clearTimeout(timer);
    };
  }, [input, settings, accountAvailable, pair.symbol, previewBox]);

  const available = accountAvailable ?? settings?.available ?? null;
  const availableText = accountAvailableText ?? settings?.available ?? '--';
  const empty = available !== null && Number(available) === 0;
  const problemKey = problem ? PROBLEM_KEYS[problem] : null;
  const problemText = problemKey ? t(problemKey, problemParams) : null;
  const lotsTyped = lots.trim() !== '';
  const stopText = (issue: StopIssue | null | undefined) => (issue ? t(issue.key, issue.params) : null);
  const stopErrors = {
    target_profit_price: stopText(stopIssues?.takeProfit),
    stop_loss_price: stopText(stopIssues?.stopLoss),
  } as const;
  // The preview has not yet answered what is typed now (a take-profit typed a moment ago may be
  // on the wrong side): nothing to confirm until it has (issue 32 item 7).
  const checking = useSelect(previewBox, (b) => b.for) !== inputKey(input);
  // What the server would refuse by issue 30's rules: shown as typed, and no confirmation for it.
  const blocked = checking || (!!problem && BLOCKING.has(problem)) || stopIssues !== null;
  const bandText = problem === 'priceBand' ? problemText : null;
  const limitText = problem === 'leverageBracket' || problem === 'positionLimit' ? problemText : null;
  const capOf = (m: number) => {
    const cap = settings ? maxNotional(settings.brackets ?? [], m) : null;
    return cap ? t('futures.form.bracketCap', { max: formatAmount(cap, 2, fmt.lang), multiple: m }) : null;
  };
  const cap = capOf(multiple);

  const fillPercent = async (percent: number) => {
    const { lots: _l, ...rest } = input;
    const size = await getWorker().futures.lotsFor(rest, percent / 100);
    setLots(size ?? '');
    form.clear('share');
    if (size === null) form.setFieldError('share', t('errors.insufficientBalance'));
  };

  const body = (): InputOf<'/lever/submit'> => ({
    match_id: String(pair.id),
    type: side === 'long' ? '1' : '2',
    share: lots.trim(),
    multiple: String(multiple),
    target_price: market ? undefined : limitPrice.trim(),
    target_profit_price: stopsOpen ? takeProfit.trim() : undefined,
    stop_loss_price: stopsOpen ? stopLoss.trim() : undefined,
  });

  const review = (e: FormEvent) => {
    e.preventDefault();
    if (!form.check(contract['/lever/submit'].input, body())) return;
    if (blocked) return;
    if (problem && problemText) {
      const onPrice = problem.startsWith('price');
      if (onPrice) form.setFieldError('target_price', problemText);
      else if (problem.startsWith('lots')) form.setFieldError('share', problemText);
      else form.setError(problemText);
      return;
    }
    if (!previewBox.current?.figures) return;
    setSheet('confirm');
  };

  const submit = async () => {
    const done = await form.run(
      (idempotencyKey) => call('/lever/submit', body(), { idempotencyKey, silent: true }),
      (error) => {
        if (error instanceof ApiError && error.type !== 999 && error.type !== 998) form.setError(error.message);
        setSheet(null);
      },
    );
    if (!done) return;
    setSheet(null);
    setLots('');
    // A take-profit and stop-loss belong to the order just placed: never carried into the next
    // one, where they could sit on the wrong side (issue 32 item 7).
    setTakeProfit('');
    setStopLoss('');
    form.clear();
    showToast(t(done.status === 'entrusted' ? 'futures.form.entrusted' : 'futures.form.placed'));
  };

  const sideLabel = t(side === 'long' ? 'futures.form.openLong' : 'futures.form.openShort');
  const figure = (label: string, value: string, testId: string) => <Figure label={label} value={value} testId={testId} />;
  const live = (label: string, text: (f: PreviewFigures) => string, testId: string) => (
    <PreviewLine box={previewBox} label={label} text={text} testId={testId} />
  );

  return (
    <form className={styles.form} onSubmit={review} noValidate data-testid="order-form">
      <div className={styles.sides} role="radiogroup" aria-label={t('futures.form.side')}>
        {(['long', 'short'] as const).map((s) => (
          <button
            key={s}
            type="button"
            role="radio"
            aria-checked={side === s}
            className={`${styles.side} ${styles[s]} ${side === s ? styles.on : ''}`}
            onClick={() => setSide(s)}
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
              onClick={() => {
                setMarket(m);
                form.clear('target_price');
                const lastPrice = marketState.tickers[pair.symbol]?.price;
                if (!m && !limitPrice && lastPrice) setLimitPrice(lastPrice);
              }}
              data-testid={m ? 'order-market' : 'order-limit'}
            >
              {t(m ? 'futures.form.market' : 'futures.form.limit')}
            </button>
          ))}
        </div>
        <button
          type="button"
          className={styles.leverage}
          onClick={() => setSheet('leverage')}
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
            onChange={(e) => form.edit('target_price', setLimitPrice)(typedAmount(e.target.value))}
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
      {!market && <FillLine box={previewBox} testId="order-fills-now" className={styles.fills} />}

      <label className={`${styles.box} ${form.errorOf('share') || (lotsTyped && problem?.startsWith('lots')) ? styles.invalid : ''}`}>
        <input
          className={styles.input}
          value={lots}
          onChange={(e) => form.edit('share', setLots)(typedAmount(e.target.value))}
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
            onClick={() => void fillPercent(p)}
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
          {availableText} {MONEY}
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
        onClick={() => setStopsOpen((o) => !o)}
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
              ['target_profit_price', takeProfit, setTakeProfit, 'futures.form.takeProfit', 'order-tp'],
              ['stop_loss_price', stopLoss, setStopLoss, 'futures.form.stopLoss', 'order-sl'],
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
          disabled={blocked}
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

      <Sheet open={sheet === 'leverage'} title={t('futures.form.chooseLeverage')} onClose={() => setSheet(null)}>
        <div className={styles.multiples} data-testid="leverage-options">
          {(settings?.multiples ?? [DEFAULT_MULTIPLE]).map((m) => (
            <button
              key={m}
              type="button"
              className={`${styles.multiple} ${m === multiple ? styles.on : ''}`}
              aria-pressed={m === multiple}
              onClick={() => {
                setMultiple(m);
                storeLeverage(pair.symbol, m);
                setSheet(null);
              }}
            >
              {t('futures.form.multiple', { multiple: m })}
            </button>
          ))}
        </div>
        {cap && (
          <p className={styles.cap} data-testid="leverage-cap">
            {cap}
          </p>
        )}
        <p className={styles.hint}>{t('futures.form.leverageHint')}</p>
      </Sheet>

      <Sheet open={sheet === 'confirm'} title={t('futures.form.confirmTitle')} onClose={() => setSheet(null)}>
        <div className={styles.confirm} data-testid="order-confirm">
          <p className={`${styles.confirmHead} ${styles[side]}`}>
            {sideLabel} · {pair.symbol} · {t('futures.form.multiple', { multiple })}
          </p>
          {figure(t('futures.form.type'), t(market ? 'futures.form.market' : 'futures.form.limit'), 'confirm-type')}
          {live(t('futures.form.openPrice'), (f) => f.priceText, 'confirm-price')}
          {!market && <FillLine box={previewBox} testId="confirm-fills-now" className={styles.fills} />}
          {figure(t('futures.form.lots'), lots.trim(), 'confirm-lots')}
          {live(t('futures.form.size'), (f) => `${f.numberText} ${pair.base}`, 'confirm-size')}
          {live(t('futures.form.margin'), (f) => `${f.marginText} ${MONEY}`, 'confirm-margin')}
          {live(t('futures.form.fee'), (f) => `${f.feeText} ${MONEY}`, 'confirm-fee')}
          {live(t('futures.form.total'), (f) => `${f.totalText} ${MONEY}`, 'confirm-total')}
          {live(t('futures.form.liquidation'), (f) => f.liquidationText, 'confirm-liquidation')}
          {stopsOpen && takeProfit.trim() && figure(t('futures.form.takeProfit'), takeProfit.trim(), 'confirm-tp')}
          {stopsOpen && stopLoss.trim() && figure(t('futures.form.stopLoss'), stopLoss.trim(), 'confirm-sl')}
          {market && <p className={styles.hint}>{t('futures.form.marketHint')}</p>}
          {(bandText ?? limitText) && <p className={styles.error}>{bandText ?? limitText}</p>}
          <Button
            block
            busy={form.busy}
            disabled={blocked}
            className={`${styles.submit} ${styles[side]}`}
            onClick={() => void submit()}
            data-testid="order-confirm-submit"
          >
            {t('futures.form.confirm')}
          </Button>
        </div>
      </Sheet>
    </form>
  );
}
