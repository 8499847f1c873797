import { useQuery } from '@tanstack/react-query';
import { ArrowUpDown, Check, ChevronDown, ChevronRight, Coins, History, Landmark, Timer, TrendingUp } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { InputOf } from '../../../domain/api/contract';
import { fundsEndpoints } from '../../../domain/funds/contract';
import { ACCOUNT_NAMES, accountName, parseAccount, type AccountName } from '../../../domain/funds/formulas';
import { apiQuery, useInvalidate } from '../../api/queries';
import { showToast } from '../../state/ui';
import { Button } from '../../ui/Button';
import form from '../../ui/Form.module.css';
import { accountLabel } from '../../ui/fundsLabels';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { Sheet } from '../../ui/Sheet';
import { TextField } from '../../ui/TextField';
import { firstIssueKey } from '../../ui/validation';
import { CoinBadge } from '../../ui/CoinBadge';
import { CurrencySheet, currencyColor } from './CurrencySheet';
import styles from './FundTransferPage.module.css';
import { useFormat } from '../../ui/useFormat';
import { useIdempotentSubmit } from '../../ui/useIdempotentSubmit';
import { pagePath } from '../../paths';

const USDT_ID = '3';
const HISTORY_PATH = pagePath('fund', 'transfer_history');
const ACCOUNT_ICONS = { legal: Landmark, change: Coins, lever: TrendingUp, micro: Timer } as const;

type Side = 'from' | 'to';

/** The accounts a page opens with: `?from=` (a name or 1–4) or the coin account, and another one. */
function initialAccounts(from: string | null): { from: AccountName; to: AccountName } {
  const id = from ? parseAccount(from) : null;
  const first = id ? accountName(id) : 'change';
  return { from: first, to: first === 'change' ? 'lever' : 'change' };
}

/**
 * Transfer between the user's own accounts (the page fund/fundTransfer): fiat, coin, futures and
 * options. Choose the two accounts and a currency, type an amount up to what the source holds.
 */
export default function FundTransferPage() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [params] = useSearchParams();
  const [accounts, setAccounts] = useState(() => initialAccounts(params.get('from')));
  const [currency, setCurrency] = useState(() => params.get('currency') ?? USDT_ID);
  const [amount, setAmount] = useState('');
  const [picking, setPicking] = useState<Side | 'currency' | null>(null);
  const [error, setError] = useState<{ text: string; onAmount: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const transfer = useIdempotentSubmit('/wallet/change');

  const invalidate = useInvalidate();
  const list = useQuery(apiQuery('/currency/user_currency_list'));
  const currencies = list.data ?? [];
  const coin = currencies.find((c) => String(c.currency_id) === currency);
  const wallet = useQuery(apiQuery('/wallet/detail', { currency, type: accounts.from }));
  const available = wallet.data && String(wallet.data.currency_id) === currency ? wallet.data.available : null;
  const coinName = coin?.currency ?? wallet.data?.currency ?? '';

  const chooseAccount = (side: Side, name: AccountName) => {
    const other: Side = side === 'from' ? 'to' : 'from';
    setAccounts((a) => (a[other] === name ? { from: a.to, to: a.from } : { ...a, [side]: name }));
    setPicking(null);
    setError(null);
  };
  const swap = () => {
    setAccounts((a) => ({ from: a.to, to: a.from }));
    setError(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input: InputOf<'/wallet/change'> = {
      currency_id: currency,
      number: amount.trim(),
      from_field: accounts.from,
      to_field: accounts.to,
    };
    const issue = firstIssueKey(fundsEndpoints['/wallet/change'].input, input);
    setError(issue ? { text: t(issue), onAmount: issue.startsWith('validation.amount') } : null);
    if (issue) return;
    setBusy(true);
    const done = await transfer.run(input);
    setBusy(false);
    // A failure was shown by the API client.
    if (done === null) return;
    showToast(done);
    setAmount('');
    void invalidate('balances', 'transfers');
  };

  const accountRow = (side: Side) => {
    const name = accounts[side];
    const Icon = ACCOUNT_ICONS[name];
    return (
      <button
        type="button"
        className={styles.account}
        onClick={() => setPicking(side)}
        aria-haspopup="dialog"
        data-testid={`transfer-${side}`}
      >
        <span className={`${styles.dot} ${styles[side]}`} />
        <span className={styles.sideLabel}>{t(`funds.transfer.${side}`)}</span>
        <Icon size={18} className={styles.accountIcon} />
        <span className={styles.accountName}>{t('funds.transfer.accountName', { account: accountLabel(t, name) })}</span>
        <ChevronRight size={18} className={styles.chevron} />
      </button>
    );
  };

  return (
    <Page
      title={pageTitle(t, { area: 'fund', page: 'fundTransfer' })}
      right={
        <Link to={HISTORY_PATH} className={styles.history} aria-label={t('funds.transfer.history')} data-testid="transfer-history">
          <History size={20} />
        </Link>
      }
    >
      <form className={form.form} onSubmit={submit} noValidate data-testid="transfer-form">
        <div className={styles.card}>
          {accountRow('from')}
          <div className={styles.divider}>
            <span className={styles.rail} />
            <button type="button" className={styles.swap} onClick={swap} aria-label={t('funds.transfer.swap')} data-testid="transfer-swap">
              <ArrowUpDown size={18} />
            </button>
          </div>
          {accountRow('to')}
        </div>

        <div className={styles.field}>
          <span className={styles.label}>{t('funds.transfer.currency')}</span>
          <button
            type="button"
            className={styles.select}
            onClick={() => setPicking('currency')}
            name="currency_id"
            aria-haspopup="dialog"
            data-testid="transfer-currency"
          >
            {coinName && <CoinBadge name={coinName} color={currencyColor(coin)} size={28} />}
            <span className={styles.selected}>{coinName}</span>
            <ChevronDown size={18} className={styles.chevronDown} />
          </button>
        </div>

        <div className={styles.field}>
          <TextField
            label={t('funds.transfer.amount')}
            value={amount}
            onChange={(v) => {
              setAmount(v);
              if (error?.onAmount) setError(null);
            }}
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('funds.transfer.amountPlaceholder')}
            name="number"
            className={styles.amount}
            error={error?.onAmount ? error.text : null}
            suffix={
              <span className={styles.suffix}>
                <span className={styles.unit}>{coinName}</span>
                <button
                  type="button"
                  className={styles.all}
                  onClick={() => available !== null && setAmount(available)}
                  disabled={available === null}
                  data-testid="transfer-all"
                >
                  {t('funds.transfer.all')}
                </button>
              </span>
            }
          />
          <p className={styles.available} data-testid="transfer-available">
            <span>{t('funds.transfer.available')}</span>
            <span className="num">
              {available !== null ? t('funds.amount', { amount: fmt.balance(available, coinName), currency: coinName }) : '--'}
            </span>
          </p>
        </div>

        {error && !error.onAmount && <p className={form.error}>{error.text}</p>}
        <Button type="submit" block busy={busy} className={styles.submit} data-testid="transfer-submit">
          {t('funds.transfer.submit')}
        </Button>
        <p className={form.hint}>{t('funds.transfer.note')}</p>
      </form>

      <Sheet
        open={picking === 'from' || picking === 'to'}
        title={t(picking === 'to' ? 'funds.transfer.chooseTo' : 'funds.transfer.chooseFrom')}
        onClose={() => setPicking(null)}
      >
        <ul className={styles.accounts} data-testid="transfer-accounts">
          {ACCOUNT_NAMES.map((name) => {
            const Icon = ACCOUNT_ICONS[name];
            const side: Side = picking === 'to' ? 'to' : 'from';
            const current = accounts[side] === name;
            return (
              <li key={name}>
                <button
                  type="button"
                  className={styles.option}
                  aria-current={current || undefined}
                  onClick={() => chooseAccount(side, name)}
                >
                  <span className={styles.optionIcon}>
                    <Icon size={18} />
                  </span>
                  <span className={styles.optionName}>{t('funds.transfer.accountName', { account: accountLabel(t, name) })}</span>
                  {current && <Check size={18} className={styles.check} />}
                </button>
              </li>
            );
          })}
        </ul>
      </Sheet>

      <CurrencySheet
        open={picking === 'currency'}
        title={t('funds.transfer.chooseCurrency')}
        currencies={currencies}
        value={currency}
        onSelect={(c) => {
          setCurrency(String(c.currency_id));
          setAmount('');
          setPicking(null);
        }}
        onClose={() => setPicking(null)}
        testId="transfer-currency-list"
      />
    </Page>
  );
}
