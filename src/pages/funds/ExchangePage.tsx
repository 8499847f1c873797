import { useQuery } from '@tanstack/react-query';
import { ArrowDownUp, ChevronDown, History, Info, Timer } from 'lucide-react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { InputOf } from '../../../domain/api/contract';
import { fundsEndpoints } from '../../../domain/funds/contract';
import type { UserCurrency } from '../../../domain/funds/types';
import { topics } from '../../../domain/protocol';
import { apiQuery, useInvalidate } from '../../api/queries';
import { queryKeys } from '../../api/queryKeys';
import { call } from '../../api/request';
import { marketState } from '../../state/market';
import { useSelect } from '../../state/select';
import { showToast } from '../../state/ui';
import { getWorker } from '../../worker-client';
import { Button } from '../../ui/Button';
import { CoinBadge } from '../../ui/CoinBadge';
import form from '../../ui/Form.module.css';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { useIdempotentSubmit } from '../../ui/useIdempotentSubmit';
import { useTopics } from '../../ui/useTopics';
import { amountProblemText, firstIssue } from '../../ui/validation';
import { CurrencySheet, currencyColor } from './CurrencySheet';
import styles from './ExchangePage.module.css';
import { useFormat } from '../../ui/useFormat';
import { Term } from '../../ui/Term';
import { pagePath } from '../../paths';

const USDT_ID = '3';
const BTC_ID = '1';
const USDT = 'USDT';
const QUOTES = [topics.quotes()];
const HISTORY_PATH = pagePath('fund', 'transfer_history', { tab: 'exchange' });

type Side = 'from' | 'to';

interface Preview {
  /** The amount text it was computed for. */
  amount: string;
  /** Units of the target per unit of the source. */
  rate: string;
  /** For the typed amount; null while it is empty or unreadable. */
  fee: string | null;
  receive: string | null;
}

type ExchangeInput = InputOf<'/user/Transfer'>;

/** Two submits are the same exchange whatever their price bound (it follows the live price and the quotes). */
const sameExchange = ({ min_receive: _a, quote_id: _c, ...a }: ExchangeInput, { min_receive: _b, quote_id: _d, ...b }: ExchangeInput) =>
  JSON.stringify(a) === JSON.stringify(b);

/** Typing pauses this long before a firm quote is asked for. */
const QUOTE_AFTER_MS = 300;

/** Seconds left of a quote received at `receivedAt` (local clock) and valid for `validSeconds`; ticks each second. */
function useSecondsLeft(receivedAt: number, validSeconds: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!validSeconds) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [receivedAt, validSeconds]);
  return validSeconds ? Math.max(0, Math.ceil((receivedAt + validSeconds * 1000 - now) / 1000)) : 0;
}

/**
 * Currency exchange in the coin account (the page fund/transfer) at the market rate, as a Convert
 * screen works: the preview comes from the worker with the server's formula and live prices; once
 * the amount is readable the server gives a firm quote valid for a few seconds (counted down, and
 * asked again when it runs out), and the submit sends its id: the server pays what it promised,
 * or more if the price moved the user's way. Without a quote the submit sends what the preview
 * showed as `min_receive`, so the server never fills below it. A retry after a lost answer
 * resends the same request with the same key.
 */
export default function ExchangePage() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [params] = useSearchParams();
  const [pair, setPair] = useState(() => {
    const from = params.get('currency') ?? USDT_ID;
    return { from, to: from === USDT_ID ? BTC_ID : USDT_ID };
  });
  const [amount, setAmount] = useState('');
  const [picking, setPicking] = useState<Side | null>(null);
  const [error, setError] = useState<{ text: string; onAmount: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<Preview | null>(null);
  const exchange = useIdempotentSubmit('/user/Transfer', sameExchange);
  useTopics(QUOTES);

  const invalidate = useInvalidate();
  const list = useQuery(apiQuery('/currency/user_currency_list'));
  const currencies = useMemo(() => (list.data ?? []).filter((c) => c.can_exchange), [list.data]);
  const byId = (id: string) => currencies.find((c) => String(c.currency_id) === id);
  const fromCoin = byId(pair.from);
  const toCoin = byId(pair.to);
  const fromName = fromCoin?.currency ?? '';
  const toName = toCoin?.currency ?? '';

  const wallet = useQuery(apiQuery('/wallet/detail', { currency: pair.from, type: 'change' }));
  const available = wallet.data && String(wallet.data.currency_id) === pair.from ? wallet.data.available : null;

  const quoteQuery = useQuery({
    ...apiQuery('/user/getTransferFee', { from_currency_id: pair.from, to_currency_id: pair.to }),
    enabled: pair.from !== pair.to,
  });
  const quote =
    quoteQuery.data && String(quoteQuery.data.from_currency_id) === pair.from && String(quoteQuery.data.to_currency_id) === pair.to
      ? quoteQuery.data
      : null;

  const priceOf = (all: typeof marketState.tickers, name: string) => (name === USDT ? '1' : (all[`${name}/${USDT}`]?.price ?? null));
  const fromLive = useSelect(marketState.tickers, (all) => priceOf(all, fromName));
  const toLive = useSelect(marketState.tickers, (all) => priceOf(all, toName));
  const livePrices = fromName && toName ? { from: fromLive, to: toLive } : null;
  // Without a live ticker, the server's quoted rate stands in for the price ratio.
  const fromPrice = livePrices?.from && livePrices.to ? livePrices.from : (quote?.rate ?? null);
  const toPrice = livePrices?.from && livePrices.to ? livePrices.to : '1';
  const feeRate = quote?.fee_rate ?? null;
  const toDecimals = quote?.to_decimals ?? null;
  // The amount rule needs the source currency: no preview for an amount the server would refuse.
  const fromDecimals = fromCoin?.decimals ?? null;
  useEffect(() => {
    if (fromPrice === null || feeRate === null || toDecimals === null || fromDecimals === null) return setPreview(null);
    const fromRule = { name: fromName, decimals: fromDecimals };
    let live = true;
    const worker = getWorker();
    const text = amount.trim();
    /**
     * Why the server would refuse this amount: the endpoint's own input rules, then the source
     * currency's decimals (`parseAmount`, as the server reads it). No preview is shown for it.
     */
    const refusal = async (): Promise<string | null> => {
      const issue = firstIssue(fundsEndpoints['/user/Transfer'].input, {
        number: text,
        from_currency_id: pair.from,
        to_currency_id: pair.to,
      });
      // "1." is still being typed: no preview, and no message yet.
      if (issue?.field === 'number') return text.endsWith('.') ? '' : t(issue.key);
      if (fromDecimals === null) return '';
      const problem = await worker.funds.checkAmount(text, fromRule);
      return problem ? amountProblemText(t, problem, fromRule, '') : null;
    };
    void (async () => {
      const unit = await worker.funds.previewExchange('1', fromPrice, toPrice, feeRate, toDecimals, fromRule);
      const refused = text ? await refusal() : null;
      const typed =
        text && refused === null && fromDecimals !== null
          ? await worker.funds.previewExchange(text, fromPrice, toPrice, feeRate, toDecimals, fromRule)
          : null;
      if (!live) return;
      setPreview(unit ? { amount: text, rate: unit.rate, fee: typed?.fee ?? null, receive: typed?.receive ?? null } : null);
      if (refused) setError({ text: refused, onAmount: true });
    })();
    return () => {
      live = false;
    };
  }, [amount, fromPrice, toPrice, feeRate, toDecimals, fromName, fromDecimals, pair.from, pair.to, t]);

  // The amount a firm quote is asked for: a readable one, once typing pauses (not on every price tick).
  const quotable = preview?.receive ? preview.amount : null;
  const [quoteFor, setQuoteFor] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setQuoteFor(quotable), QUOTE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [quotable]);
  const quoteInput = { number: quoteFor ?? '', from_currency_id: pair.from, to_currency_id: pair.to };
  const firm = useQuery({
    queryKey: queryKeys.call('/user/exchangeQuote', quoteInput),
    queryFn: () => call('/user/exchangeQuote', quoteInput, { silent: true }),
    enabled: quoteFor !== null && quoteFor === quotable && pair.from !== pair.to,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    // A new quote as the last one runs out, for as long as the page shows it.
    refetchInterval: (q) => (q.state.data ? q.state.data.valid_seconds * 1000 : false),
  });
  const secondsLeft = useSecondsLeft(firm.dataUpdatedAt, firm.data?.valid_seconds);
  const firmQuote =
    firm.data && quoteFor === quotable && quotable === amount.trim() && String(firm.data.from_currency_id) === pair.from && secondsLeft > 0
      ? firm.data
      : null;

  const choose = (side: Side, coin: UserCurrency) => {
    const id = String(coin.currency_id);
    const other: Side = side === 'from' ? 'to' : 'from';
    setPair((p) => (p[other] === id ? { from: p.to, to: p.from } : { ...p, [side]: id }));
    if (side === 'from' || pair.from === id) setAmount('');
    setPicking(null);
    setError(null);
  };
  const swap = () => {
    setPair((p) => ({ from: p.to, to: p.from }));
    setAmount('');
    setError(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const text = amount.trim();
    const input: ExchangeInput = { number: text, from_currency_id: pair.from, to_currency_id: pair.to };
    const issue = firstIssue(fundsEndpoints['/user/Transfer'].input, input);
    let refused = issue ? { text: t(issue.key), onAmount: issue.field === 'number' } : null;
    if (!refused && fromDecimals !== null) {
      const fromRule = { name: fromName, decimals: fromDecimals };
      const problem = await getWorker().funds.checkAmount(text, fromRule);
      if (problem) refused = { text: amountProblemText(t, problem, fromRule, ''), onAmount: true };
    }
    setError(refused);
    if (refused) return;
    setBusy(true);
    try {
      // With a firm quote for this amount, its promise; else the least to receive: what the
      // preview shows for this amount (worked out now if it lags the input).
      const shown = firmQuote
        ? null
        : preview?.amount === text
          ? preview.receive
          : fromPrice !== null && feeRate !== null && toDecimals !== null && fromDecimals !== null
            ? ((
                await getWorker().funds.previewExchange(text, fromPrice, toPrice, feeRate, toDecimals, {
                  name: fromName,
                  decimals: fromDecimals,
                })
              )?.receive ?? null)
            : null;
      const body: ExchangeInput = firmQuote ? { ...input, quote_id: firmQuote.quote_id } : shown ? { ...input, min_receive: shown } : input;
      const done = await exchange.run(body);
      // A failed call was shown by the API client; a refused quote is replaced below.
      if (done === null) throw new Error('exchange failed');
      showToast(
        t('funds.exchange.done', {
          paid: t('funds.amount', { amount: fmt.amount(done.from_amount, done.from_currency), currency: done.from_currency }),
          received: t('funds.amount', { amount: fmt.amount(done.to_amount, done.to_currency), currency: done.to_currency }),
        }),
      );
      setAmount('');
      void invalidate('balances', 'exchanges');
    } catch {
      // A failed call or bound. A refused quote (expired, the price moved) is replaced at once.
      if (firmQuote) void firm.refetch();
    } finally {
      setBusy(false);
    }
  };

  const coinButton = (side: Side, coin: UserCurrency | undefined) => (
    <button
      type="button"
      className={styles.coin}
      onClick={() => setPicking(side)}
      aria-haspopup="dialog"
      data-testid={`exchange-${side}-currency`}
    >
      {/* Named "From USDT" by its content: the side for a screen reader, then the coin it shows. */}
      <span className="sr-only">{t(`funds.exchange.${side}`)}</span>
      {coin && <CoinBadge name={coin.currency} color={currencyColor(coin)} size={30} />}
      <span className={styles.coinName}>{coin?.currency ?? '--'}</span>
      <ChevronDown size={16} className={styles.chevron} />
    </button>
  );

  const amountText = (value: string | null | undefined, currency: string) =>
    value ? t('funds.amount', { amount: fmt.amount(value, currency), currency }) : '--';

  return (
    <Page
      title={pageTitle(t, { area: 'fund', page: 'transfer' })}
      right={
        <Link to={HISTORY_PATH} className={styles.history} aria-label={t('funds.exchange.history')} data-testid="exchange-history">
          <History size={20} />
        </Link>
      }
    >
      <form className={form.form} onSubmit={submit} noValidate data-testid="exchange-form">
        <div className={styles.pair}>
          <section className={`${styles.panel} ${error?.onAmount ? styles.invalid : ''}`}>
            <header className={styles.head}>
              <span>{t('funds.exchange.from')}</span>
              <span className={styles.avail} data-testid="exchange-available">
                {t('funds.exchange.available', {
                  amount: available ? t('funds.amount', { amount: fmt.balance(available, fromName), currency: fromName }) : '--',
                })}
              </span>
            </header>
            <div className={styles.body}>
              {coinButton('from', fromCoin)}
              <input
                className={`num ${styles.input}`}
                value={amount}
                onChange={(e) => {
                  setAmount(e.target.value);
                  if (error?.onAmount) setError(null);
                }}
                inputMode="decimal"
                autoComplete="off"
                placeholder={t('funds.exchange.amountPlaceholder')}
                name="number"
                aria-label={t('funds.exchange.amount')}
                aria-invalid={error?.onAmount || undefined}
                data-testid="exchange-amount"
              />
              <button
                type="button"
                className={styles.all}
                onClick={() => available !== null && setAmount(available)}
                disabled={available === null}
                data-testid="exchange-all"
              >
                {t('funds.exchange.all')}
              </button>
            </div>
          </section>

          <button type="button" className={styles.swap} onClick={swap} aria-label={t('funds.exchange.swap')} data-testid="exchange-swap">
            <ArrowDownUp size={18} />
          </button>

          <section className={styles.panel}>
            <header className={styles.head}>
              <span>{t('funds.exchange.to')}</span>
            </header>
            <div className={styles.body}>
              {coinButton('to', toCoin)}
              <output
                className={`num ${styles.estimate} ${preview?.receive || firmQuote ? '' : styles.empty}`}
                data-testid="exchange-estimate"
              >
                {firmQuote
                  ? fmt.amount(firmQuote.receive, toName)
                  : preview?.receive
                    ? t('funds.exchange.estimate', { amount: fmt.amount(preview.receive, toName) })
                    : '0'}
              </output>
            </div>
          </section>
        </div>
        {error?.onAmount && <p className={form.error}>{error.text}</p>}

        <dl className={styles.details} data-testid="exchange-preview">
          <Term label={t('funds.exchange.rate')}>
            {preview && fromName && toName
              ? t('funds.exchange.rateValue', { from: fromName, rate: fmt.rate(preview.rate), to: toName })
              : '--'}
          </Term>
          <Term label={t('funds.exchange.fee')}>{amountText(preview?.fee, toName)}</Term>
          <div className={`${styles.receive} ${preview?.receive ? styles.filled : ''}`}>
            <dt>{t('funds.exchange.receive')}</dt>
            <dd className="num" data-testid="exchange-receive">
              {firmQuote
                ? amountText(firmQuote.receive, toName)
                : preview?.receive
                  ? t('funds.approx', { amount: fmt.amount(preview.receive, toName), currency: toName })
                  : '--'}
            </dd>
          </div>
          {/* Kept in place while empty, so the button below never jumps as a quote arrives. */}
          <div className={`${styles.quote} ${preview?.receive ? '' : styles.hidden}`} data-testid="exchange-quote">
            <span className="num">
              <Timer size={14} aria-hidden />
              {firmQuote ? t('funds.exchange.quoteValid', { seconds: secondsLeft }) : t('funds.exchange.quoting')}
            </span>
          </div>
        </dl>

        <p className={styles.note}>
          <Info size={14} />
          <span>{t('funds.exchange.note')}</span>
        </p>

        {error && !error.onAmount && <p className={form.error}>{error.text}</p>}
        <Button type="submit" block busy={busy} data-testid="exchange-submit">
          {t('funds.exchange.submit')}
        </Button>
      </form>

      <CurrencySheet
        open={picking !== null}
        title={t(picking === 'to' ? 'funds.exchange.chooseTo' : 'funds.exchange.chooseFrom')}
        currencies={currencies}
        value={picking === 'to' ? pair.to : pair.from}
        onSelect={(coin) => picking && choose(picking, coin)}
        onClose={() => setPicking(null)}
        showAvailable
        testId="exchange-currency-list"
      />
    </Page>
  );
}
