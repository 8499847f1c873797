/**
 * The spot order form: buy or sell (green / red), market or limit, the limit price
 * (a tapped book price fills it), the amount in the base coin, the 25–100 % buttons of the
 * available balance, the worker's live preview (average price from its own book for a market
 * order, total, fee, what arrives), a confirmation sheet, then `/coin/trade` with an
 * Idempotency-Key. Signed out, the form shows a login button instead of the submit.
 *
 * A limit: outside the price band around the last price the worker's preview says so
 * under the price (the server's `checkBand` message) and the submit is disabled; when the last
 * price already crosses it, "Fills now at about …" (the worker's fill from its book: price
 * improvement, never the limit when the market is better) in the form and the confirm sheet.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { InputOf } from '../../../domain/api/contract';
import { spotEndpoints } from '../../../domain/spot/contract';
import type { SpotDeal, SpotKind, SpotSide } from '../../../domain/spot/types';
import { ApiError, call } from '../../api/request';
import { marketState } from '../../state/market';
import { useSelect } from '../../state/select';
import { showToast } from '../../state/ui';
import { Button } from '../../ui/Button';
import { Sheet } from '../../ui/Sheet';
import { useForm } from '../../ui/useForm';
import { useFormat } from '../../ui/useFormat';
import { useWorkerPreview } from '../../ui/useWorkerPreview';
import { getWorker } from '../../worker-client';
import type { SpotPreview, SpotPreviewInput, SpotProblem } from '../../../worker/spot/preview';
import formStyles from '../../ui/trading/OrderForm.module.css';
import styles from './SpotPage.module.css';
import { invalidateSpot, LOGIN_PATH, PERCENTS } from './spotShared';
import { useTickerFocus } from '../../ui/useTickerFocus';

const PROBLEM_KEYS = {
  loading: null,
  amountRequired: 'spot.problem.amountRequired',
  amountInvalid: 'spot.problem.amountInvalid',
  amountDecimals: 'errors.spotAmountDecimals',
  amountMin: 'errors.spotAmountMin',
  amountMax: 'errors.spotAmountMax',
  priceRequired: 'spot.problem.priceRequired',
  priceInvalid: 'spot.problem.priceInvalid',
  priceDecimals: 'errors.priceDecimals',
  outsideBand: 'validation.limitOutsideBand',
  totalMin: 'errors.spotTotalMin',
  bookThin: 'errors.spotBookThin',
  insufficient: 'errors.insufficientBalance',
} as const satisfies Record<SpotProblem, string | null>;

type Field = 'amount' | 'target_price';

export function SpotForm({
  symbol,
  deal,
  signedIn,
  price,
}: {
  symbol: string;
  deal: SpotDeal | undefined;
  signedIn: boolean;
  price: string | null;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const client = useQueryClient();
  useTickerFocus(symbol);
  const lastPrice = useSelect(marketState.tickers, (all) => all[symbol]?.price);
  const [side, setSide] = useState<SpotSide>('buy');
  const [kind, setKind] = useState<SpotKind>('market');
  const [limitPrice, setLimitPrice] = useState('');
  const [amount, setAmount] = useState('');
  const [confirm, setConfirm] = useState(false);
  const form = useForm<Field>(['amount', 'target_price']);
  const [base, quote] = symbol.split('/') as [string, string];

  useEffect(() => {
    if (!price) return;
    setKind('limit');
    setLimitPrice(price);
    form.clear('target_price');
  }, [price, form.clear]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!deal) return;
    const { base_available: _b, quote_available: _q, orders: _o, ...settings } = deal;
    void getWorker().spot.setSettings([settings]);
  }, [deal]);

  const input: SpotPreviewInput = useMemo(
    () => ({ match_id: deal?.match_id ?? 0, side, kind, amount, price: kind === 'limit' ? limitPrice : undefined }),
    [deal?.match_id, side, kind, amount, limitPrice],
  );
  // Asked again on every price change: a market order's book, a limit's band and whether the
  // market crosses it (the worker reads the price from its own feed, hence a dep the ask never reads).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const preview = useWorkerPreview<SpotPreview>(() => deal && getWorker().spot.preview(input), [input, deal, lastPrice]);

  const figures = preview?.figures ?? null;
  const typed = amount.trim() !== '';
  const problemKey = preview?.problem ? PROBLEM_KEYS[preview.problem] : null;
  const problemText = problemKey ? t(problemKey, preview!.params) : null;
  // Each problem is said once, live, where it belongs: the price's (a limit outside the band, too
  // many decimals) under the price, the amount's under the amount, the rest (balance, minimum
  // total, a thin book) under the figures. Submitting never repeats one as a form error (the red
  // team saw "Insufficient balance" twice).
  const problem = preview?.problem ?? null;
  const isPriceProblem = problem !== null && (problem.startsWith('price') || problem === 'outsideBand');
  const priceText = kind === 'limit' && isPriceProblem ? problemText : null;
  const amountText = typed && problem?.startsWith('amount') ? problemText : null;
  const otherText = typed && problem && !isPriceProblem && !problem.startsWith('amount') ? problemText : null;
  // A limit outside the band: also said on the confirm sheet, whose Confirm it disables.
  const bandText = kind === 'limit' && problem === 'outsideBand' ? problemText : null;
  // No submit while a problem is on screen: tapping would only repeat it.
  const blocked = Boolean(priceText ?? amountText ?? otherText);
  const fillsNowText =
    kind === 'limit' && !preview?.problem && figures?.fillsNow ? t('spot.form.fillsNow', { price: figures.avgPriceText }) : null;
  const available = side === 'buy' ? deal?.quote_available : deal?.base_available;
  const availableCoin = side === 'buy' ? quote : base;

  const fillPercent = async (percent: number) => {
    if (!deal) return;
    const { amount: _a, ...rest } = input;
    const size = await getWorker().spot.amountFor(rest, percent / 100);
    setAmount(size ?? '');
    form.clear('amount');
    if (size === null) form.setFieldError('amount', t('errors.insufficientBalance'));
  };

  const body = (): InputOf<'/coin/trade'> => ({
    currency_id: String(deal?.currency_id ?? ''),
    legal_id: String(deal?.legal_id ?? ''),
    type: side,
    amount: amount.trim(),
    target_price: kind === 'limit' ? limitPrice.trim() : undefined,
  });

  const review = (e: FormEvent) => {
    e.preventDefault();
    if (!form.check(spotEndpoints['/coin/trade'].input, body())) return;
    // The preview's problem is already on screen (above); Confirm waits until it is mended.
    if (problem && problemText) return;
    if (figures) setConfirm(true);
  };

  const submit = async () => {
    const done = await form.run(
      (idempotencyKey) => call('/coin/trade', body(), { idempotencyKey, silent: true }),
      (error) => {
        if (error instanceof ApiError && error.type !== 999 && error.type !== 998) form.setError(error.message);
        setConfirm(false);
      },
    );
    if (!done) return;
    setConfirm(false);
    setAmount('');
    form.clear();
    void invalidateSpot(client);
    showToast(t(done.status === 'open' ? 'spot.form.placed' : 'spot.form.filled'));
  };

  const sideLabel = t(side === 'buy' ? 'spot.form.buyCoin' : 'spot.form.sellCoin', { coin: base });
  const tone = side === 'buy' ? formStyles.long : formStyles.short;
  const figure = (label: string, value: string, testId: string) => (
    <div className={formStyles.figure}>
      <span>{label}</span>
      <span className="num" data-testid={testId}>
        {value}
      </span>
    </div>
  );

  return (
    <form className={formStyles.form} onSubmit={review} noValidate data-testid="spot-form">
      <div className={formStyles.sides} role="radiogroup" aria-label={t('spot.form.side')}>
        {(['buy', 'sell'] as const).map((s) => (
          <button
            key={s}
            type="button"
            role="radio"
            aria-checked={side === s}
            className={`${formStyles.side} ${s === 'buy' ? formStyles.long : formStyles.short} ${side === s ? formStyles.on : ''}`}
            onClick={() => (setSide(s), form.clear('amount'))}
            data-testid={`spot-side-${s}`}
          >
            {t(s === 'buy' ? 'spot.form.buy' : 'spot.form.sell')}
          </button>
        ))}
      </div>
      <div className={formStyles.kinds} role="radiogroup" aria-label={t('spot.form.type')}>
        {(['market', 'limit'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="radio"
            aria-checked={kind === k}
            className={`${formStyles.kind} ${kind === k ? formStyles.on : ''}`}
            onClick={() => {
              setKind(k);
              form.clear('target_price');
              if (k === 'limit' && !limitPrice && lastPrice) setLimitPrice(lastPrice);
            }}
            data-testid={`spot-${k}`}
          >
            {t(k === 'market' ? 'spot.form.market' : 'spot.form.limit')}
          </button>
        ))}
      </div>

      {kind === 'market' ? (
        <div className={`${formStyles.box} ${formStyles.muted}`}>{t('spot.form.marketPrice')}</div>
      ) : (
        <label className={`${formStyles.box} ${form.errorOf('target_price') ? formStyles.invalid : ''}`}>
          <input
            className={formStyles.input}
            value={limitPrice}
            onChange={(e) => form.edit('target_price', setLimitPrice)(e.target.value)}
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('spot.form.price')}
            aria-label={t('spot.form.price')}
            data-testid="spot-price"
          />
          <span className={formStyles.unit}>{quote}</span>
        </label>
      )}
      {(form.errorOf('target_price') ?? priceText) && (
        <p className={formStyles.error} data-testid="spot-price-error">
          {form.errorOf('target_price') ?? priceText}
        </p>
      )}

      <label className={`${formStyles.box} ${form.errorOf('amount') ? formStyles.invalid : ''}`}>
        <input
          className={formStyles.input}
          value={amount}
          onChange={(e) => form.edit('amount', setAmount)(e.target.value)}
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('spot.form.amount')}
          aria-label={t('spot.form.amount')}
          data-testid="spot-amount"
        />
        <span className={formStyles.unit}>{base}</span>
      </label>
      {(form.errorOf('amount') ?? amountText) && (
        <p className={formStyles.error} data-testid="spot-amount-error">
          {form.errorOf('amount') ?? amountText}
        </p>
      )}

      <div className={formStyles.percents}>
        {PERCENTS.map((p) => (
          <button
            key={p}
            type="button"
            className={formStyles.percent}
            onClick={() => void fillPercent(p)}
            disabled={!deal || !signedIn}
            data-testid={`spot-pct-${p}`}
          >
            {p}%
          </button>
        ))}
      </div>

      <div className={formStyles.available}>
        <span>{t('spot.form.available')}</span>
        <span className="num" data-testid="spot-available">
          {available !== undefined ? fmt.balance(available, availableCoin) : '--'} {availableCoin}
        </span>
      </div>

      <div className={formStyles.figures} data-testid="spot-preview">
        {kind === 'market' && figure(t('spot.form.avgPrice'), figures?.avgPriceText ?? '--', 'spot-avg')}
        {figure(t('spot.form.total'), figures ? `${figures.totalText} ${quote}` : '--', 'spot-total')}
        {figure(t('spot.form.fee'), figures ? `${figures.feeText} ${figures.feeCurrency}` : '--', 'spot-fee')}
        {figure(t('spot.form.receive'), figures ? `${figures.receiveText} ${figures.receiveCurrency}` : '--', 'spot-receive')}
      </div>
      {fillsNowText && (
        <p className={styles.fillsNow} data-testid="spot-fills-now">
          {fillsNowText}
        </p>
      )}
      {otherText && (
        <p className={formStyles.error} data-testid="spot-problem">
          {otherText}
        </p>
      )}
      {form.error && (
        <p className={formStyles.formError} role="alert" data-testid="spot-error">
          {form.error}
        </p>
      )}

      {signedIn ? (
        <Button
          type="submit"
          block
          busy={form.busy}
          disabled={blocked}
          className={`${formStyles.submit} ${tone}`}
          data-testid="spot-submit"
        >
          {sideLabel}
        </Button>
      ) : (
        <Link to={LOGIN_PATH} className={formStyles.login} data-testid="spot-login">
          {t('spot.form.login')}
        </Link>
      )}

      <Sheet open={confirm} title={t('spot.form.confirmTitle')} onClose={() => setConfirm(false)}>
        <div className={formStyles.confirm} data-testid="spot-confirm">
          <p className={`${formStyles.confirmHead} ${tone}`}>
            {sideLabel} · {symbol}
          </p>
          {figure(t('spot.form.type'), t(kind === 'market' ? 'spot.form.market' : 'spot.form.limit'), 'confirm-kind')}
          {figure(
            kind === 'market' ? t('spot.form.avgPrice') : t('spot.form.price'),
            kind === 'market' ? (figures?.avgPriceText ?? '--') : limitPrice.trim(),
            'confirm-price',
          )}
          {figure(t('spot.form.amount'), `${amount.trim()} ${base}`, 'confirm-amount')}
          {figure(t('spot.form.total'), figures ? `${figures.totalText} ${quote}` : '--', 'confirm-total')}
          {figure(t('spot.form.fee'), figures ? `${figures.feeText} ${figures.feeCurrency}` : '--', 'confirm-fee')}
          {figure(t('spot.form.receive'), figures ? `${figures.receiveText} ${figures.receiveCurrency}` : '--', 'confirm-receive')}
          {fillsNowText && (
            <p className={styles.fillsNow} data-testid="confirm-fills-now">
              {fillsNowText}
            </p>
          )}
          {kind === 'market' && <p className={styles.hint}>{t('spot.form.marketHint')}</p>}
          {fillsNowText && <p className={styles.hint}>{t('spot.form.fillsNowHint')}</p>}
          {bandText && (
            <p className={formStyles.error} data-testid="confirm-band">
              {bandText}
            </p>
          )}
          <Button
            block
            busy={form.busy}
            disabled={!!bandText}
            className={`${formStyles.submit} ${tone}`}
            onClick={() => void submit()}
            data-testid="spot-confirm-submit"
          >
            {t('spot.form.confirm')}
          </Button>
        </div>
      </Sheet>
    </form>
  );
}
