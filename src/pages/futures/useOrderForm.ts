import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { proxy, ref, subscribe, useSnapshot } from 'valtio';
import type { InputOf } from '../../../domain/api/contract';
import { futuresEndpoints } from '../../../domain/futures/contract';
import { formatAmount } from '../../../domain/format';
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
import { useForm } from '../../ui/useForm';
import { useFormat } from '../../ui/useFormat';
import { useWorkerPreview } from '../../ui/useWorkerPreview';
import { getWorker } from '../../worker-client';
import type { FuturesPreview, PreviewInput, PreviewProblem } from '../../../worker/futures/preview';
import { DEFAULT_MULTIPLE, storedLeverage, storeLeverage } from './OrderFormLeverage';

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

/**
 * The trading rules the server refuses with (the price band around the mark, the leverage
 * bracket, the position limit): told as the user types, and Confirm is off while one is broken.
 */
const BLOCKING: ReadonlySet<PreviewProblem> = new Set(['priceBand', 'leverageBracket', 'positionLimit']);

/** One take-profit or stop-loss issue of the preview. */
type StopIssue = NonNullable<FuturesPreview['stops']['takeProfit']>;

export type OrderField = 'share' | 'target_price' | 'target_profit_price' | 'stop_loss_price';

/**
 * The form's latest preview, outside React state: a market order's preview follows the price
 * (up to 4×/s), and only the figure lines that show it subscribe to it (`PreviewLine`); the form
 * itself re-renders only when the preview's problem changes.
 */
export type PreviewBox = {
  current: FuturesPreview | null;
  /** The inputs `current` answers (`inputKey`): until it answers what is typed now, the order is not checked. */
  for: string | null;
};

/** What identifies a preview's inputs. */
const inputKey = (input: PreviewInput) => JSON.stringify(input);

/** Puts the answer to the inputs `key` in the box; the same preview again changes nothing. */
function holdPreview(box: PreviewBox, preview: FuturesPreview, key: string): void {
  if (!samePreview(box.current, preview)) box.current = ref(preview);
  box.for = key;
}

/**
 * Asks again when `symbol`'s price moved, at most every PREVIEW_MS: typing is answered at once,
 * but a fast market must not send the worker a preview per tick.
 */
const followPrice = (symbol: string) => (askAgain: () => void) => {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let price = marketState.tickers[symbol]?.price;
  const stop = subscribe(marketState.tickers, () => {
    timer ??= setTimeout(() => {
      timer = null;
      const now = marketState.tickers[symbol]?.price;
      if (now === price) return;
      price = now;
      askAgain();
    }, PREVIEW_MS);
  });
  return () => {
    stop();
    if (timer) clearTimeout(timer);
  };
};

/**
 * The futures order form's state: the inputs, the pair's settings, the worker's preview (in a
 * `PreviewBox`), what the preview refuses, and the review and submit steps. `price` is a book
 * price the user tapped; `highest` opens at the pair's highest multiple.
 */
export function useOrderForm(pair: MarketPair, price: string | null | undefined, highest: boolean | undefined) {
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
  const form = useForm<OrderField>(['share', 'target_price', 'target_profit_price', 'stop_loss_price']);

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

  // The preview follows the inputs, and the worker's price at most every PREVIEW_MS (the last
  // one asked wins): a market order's figures, and for a limit order whether the market already
  // crosses it and the price band around the mark. The price is watched, not rendered, and the
  // answer goes to `previewBox`: only a figure line whose text changed re-renders, the form only
  // when the problem changes, never for a tick as such. The available balance is in the deps:
  // the worker reckons with it.
  const key = inputKey(input);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useWorkerPreview(() => settings && getWorker().futures.preview(input), [input, settings, accountAvailable, pair.symbol], {
    into: (p) => holdPreview(previewBox, p, key),
    follow: followPrice(pair.symbol),
  });

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
  // on the wrong side): nothing to confirm until it has.
  const checking = useSelect(previewBox, (b) => b.for) !== key;
  // What the server would refuse by the trading rules: shown as typed, and no confirmation for it.
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

  /** Market or limit: a limit starts at the last price when none is typed. */
  const chooseMarket = (m: boolean) => {
    setMarket(m);
    form.clear('target_price');
    const lastPrice = marketState.tickers[pair.symbol]?.price;
    if (!m && !limitPrice && lastPrice) setLimitPrice(lastPrice);
  };

  /** A multiple from the leverage sheet: remembered for this pair. */
  const chooseMultiple = (m: number) => {
    setMultiple(m);
    storeLeverage(pair.symbol, m);
    setSheet(null);
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
    if (!form.check(futuresEndpoints['/lever/submit'].input, body())) return;
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
    // one, where they could sit on the wrong side.
    setTakeProfit('');
    setStopLoss('');
    form.clear();
    showToast(t(done.status === 'entrusted' ? 'futures.form.entrusted' : 'futures.form.placed'));
  };

  return {
    signedIn,
    settings,
    form,
    previewBox,
    fields: { side, market, limitPrice, lots, multiple, stopsOpen, takeProfit, stopLoss },
    set: { setSide, setLimitPrice, setLots, setStopsOpen, setTakeProfit, setStopLoss, setSheet },
    sheet,
    problem,
    problemText,
    lotsTyped,
    stopErrors,
    blocked,
    bandText,
    limitText,
    availableText,
    empty,
    cap,
    fillPercent,
    chooseMarket,
    chooseMultiple,
    review,
    submit,
  };
}

export type OrderFormState = ReturnType<typeof useOrderForm>;
