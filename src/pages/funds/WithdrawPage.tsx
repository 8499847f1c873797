import { useQuery } from '@tanstack/react-query';
import { Check, Clock3, Landmark, Plus, ShieldAlert, Wallet } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { fundsEndpoints } from '../../../domain/funds/contract';
import { apiQuery, useIdentityView, useInvalidate } from '../../api/queries';
import { call } from '../../api/request';
import { showToast } from '../../state/ui';
import { getWorker } from '../../worker-client';
import { Button } from '../../ui/Button';
import { Empty } from '../../ui/Empty';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { PayPasswordField, usePayPasswordMissing } from '../../ui/PayPasswordField';
import { Skeleton, SkeletonGroup } from '../../ui/Skeleton';
import { TextField } from '../../ui/TextField';
import { useForm } from '../../ui/useForm';
import form from '../../ui/Form.module.css';
import { CoinPickerRow } from './CoinPickerRow';
import styles from './WithdrawPage.module.css';
import { formatAmount, formatBalance } from '../../../domain/format';
import type { Lang } from '../../../domain/i18n';
import { useFormat } from '../../ui/useFormat';
import { Term } from '../../ui/Term';
import { pagePath } from '../../paths';

const USDT_ID = '3';
/** Decimals of the 24 h limit in a coin other than BTC: a price-dependent estimate, not a balance. */
const LIMIT_DECIMALS = 2;

/** The limit left in the coin being withdrawn, to a readable precision (the server rounds it down). */
function limitFigure(value: string, decimals: number, lang: Lang): string {
  return formatAmount(value, Math.min(decimals, LIMIT_DECIMALS), lang);
}

interface TargetOption {
  value: string;
  title: string;
  detail: string;
  /** The address's network, shown beside its name. */
  network?: string | null;
  icon: typeof Wallet;
}

/**
 * Set when the user leaves to add an address (the coin, and the addresses known then); read once
 * back on this page, which then chooses the address that is new. Kept in the module, so it lives
 * as long as the app in the tab and no longer.
 */
let addingFrom: { currency: string; known: ReadonlySet<number> } | null = null;

/**
 * Withdraw (fund/withdraw): to a saved address of the coin or, for USDT, a saved bank
 * card; shows the fee, the minimum, what arrives and what the 24 h limit leaves; asks for the
 * payment password, and a current authenticator code when two-factor is on. Identity verification comes first (the server answers 998 otherwise).
 */
export default function WithdrawPage() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const currency = params.get('currency') ?? USDT_ID;
  const info = useQuery(apiQuery('/wallet/get_info', { currency }));
  const identity = useIdentityView();
  const addresses = useQuery(apiQuery('/user/wallet/list', { limit: '100' }));
  const isUsdt = currency === USDT_ID;
  // Saved bank cards are offered for USDT only; without them the page still works.
  const bank = useQuery({ ...apiQuery('/user/cash_info', undefined, { silent: true }), enabled: isUsdt });
  const intl = useQuery({ ...apiQuery('/user/cash_info_international', undefined, { silent: true }), enabled: isUsdt });
  const cards = {
    bank: bank.data ? `${bank.data.bank_name} ${bank.data.card_number.slice(-4)}` : null,
    intl: intl.data ? `${intl.data.bank_name} ${intl.data.card_number.slice(-4)}` : null,
  };
  const [target, setTarget] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [arrival, setArrival] = useState<string | null>(null);
  const [remark, setRemark] = useState('');
  const [pin, setPin] = useState('');
  // Two-factor on: a current authenticator code as well (docs/SECURITY.md).
  const security = useQuery(apiQuery('/safe/overview'));
  const twoFactor = security.data?.two_factor === true;
  const [totp, setTotp] = useState('');
  const { error, busy, check, run } = useForm();
  const pay = usePayPasswordMissing();
  const invalidate = useInvalidate();

  // Until the saved addresses and cards are known, the choice of where to is not made up.
  const targetsLoading = addresses.isPending || (isUsdt && (bank.isPending || intl.isPending));

  const fee = info.data?.fee;
  useEffect(() => {
    if (!fee || !info.data) return setArrival(null);
    void getWorker().funds.previewArrival(amount.trim(), fee, { name: info.data.currency, decimals: info.data.decimals }).then(setArrival);
  }, [amount, fee, info.data]);

  // Back from adding an address: the one just added is the one chosen.
  useEffect(() => {
    const list = addresses.data?.data;
    // Not on the list kept from before leaving: on the one fetched again since.
    if (!list || addresses.isFetching || !addingFrom || addingFrom.currency !== currency) return;
    const added = list.filter((a) => String(a.currency_id) === currency && !addingFrom!.known.has(a.id)).sort((a, b) => b.id - a.id)[0];
    addingFrom = null;
    if (added) setTarget(`address:${added.id}`);
  }, [addresses.data, addresses.isFetching, currency]);

  const options: TargetOption[] = [
    ...(addresses.data?.data ?? [])
      .filter((a) => String(a.currency_id) === currency)
      .map((a) => ({ value: `address:${a.id}`, title: a.name, detail: a.address, network: a.network, icon: Wallet })),
    ...(isUsdt && cards.bank ? [{ value: 'bank', title: t('funds.withdraw.bank'), detail: cards.bank, icon: Landmark }] : []),
    ...(isUsdt && cards.intl
      ? [{ value: 'bank_international', title: t('funds.withdraw.bankInternational'), detail: cards.intl, icon: Landmark }]
      : []),
  ];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input = {
      currency,
      amount: amount.trim(),
      target: target ?? '',
      pay_password: pin,
      totp_code: twoFactor ? totp : undefined,
      remark: remark || undefined,
    };
    if (!check(fundsEndpoints['/wallet/out'].input, input)) return;
    const done = await run((idempotencyKey) => call('/wallet/out', input, { idempotencyKey }), pay.noteError);
    if (done === undefined) return;
    void invalidate('balances', 'withdrawals');
    showToast(t('funds.withdraw.submitted'));
    navigate(pagePath('fund', 'receive_withdraw_record', { tab: 'withdraw' }), { replace: true });
  };

  const title = pageTitle(t, { area: 'fund', page: 'withdraw' });
  if (info.isError && !info.data) {
    return (
      <Page title={title}>
        <Empty text={t('common.loadFailed')} action={{ label: t('common.retry'), onClick: () => void info.refetch() }} />
      </Page>
    );
  }
  const d = info.data;
  return (
    <Page title={title}>
      <form className={form.form} onSubmit={submit} noValidate>
        {d ? (
          <CoinPickerRow currency={d.currency} next="withdraw" label={t('funds.receive.changeCoin')} />
        ) : (
          <SkeletonGroup className={styles.loadingCoin} testId="withdraw-loading">
            <Skeleton round width={32} />
            <Skeleton width={64} height={18} />
          </SkeletonGroup>
        )}
        {identity && identity.level < 1 && (
          <Link to={pagePath('setting', 'real')} className={styles.verify} data-testid="verify-first">
            {identity.pending ? <Clock3 size={18} /> : <ShieldAlert size={18} />}
            <span>{identity.pending ? t('funds.withdraw.verifyPending') : t('funds.withdraw.verifyFirst')}</span>
          </Link>
        )}
        {d ? (
          <dl className={styles.facts}>
            <Term label={t('funds.withdraw.available')}>
              {t('funds.amount', { amount: formatBalance(d.available, d.currency, d.decimals, fmt.lang), currency: d.currency })}
            </Term>
            <Term label={t('funds.withdraw.limitLeft')} testId="limit-left">
              {d.remaining_24h === null || d.currency === 'BTC'
                ? t('funds.amount', { amount: fmt.amount(d.remaining_btc_24h, 'BTC'), currency: 'BTC' })
                : t('funds.amount', { amount: limitFigure(d.remaining_24h, d.decimals, fmt.lang), currency: d.currency })}
              {d.remaining_24h !== null && d.currency !== 'BTC' && (
                <small className={styles.equiv}>
                  {t('funds.approx', { amount: fmt.amount(d.remaining_btc_24h, 'BTC'), currency: 'BTC' })}
                </small>
              )}
            </Term>
          </dl>
        ) : (
          <SkeletonGroup className={styles.facts}>
            {[0, 1].map((i) => (
              <div key={i}>
                <Skeleton width={72} height={12} />
                <Skeleton width={110} height={16} />
              </div>
            ))}
          </SkeletonGroup>
        )}

        <h2 className={form.section}>{t('funds.withdraw.to')}</h2>
        {targetsLoading ? (
          <SkeletonGroup className={styles.targets}>
            <div className={styles.target}>
              <Skeleton width={18} height={18} />
              <span className={styles.targetText}>
                <Skeleton width={96} height={14} />
                <Skeleton width="80%" height={12} />
              </span>
            </div>
          </SkeletonGroup>
        ) : (
          <div className={styles.targets} role="radiogroup">
            {options.map((o) => (
              <button
                key={o.value}
                type="button"
                role="radio"
                aria-checked={target === o.value}
                className={`${styles.target} ${target === o.value ? styles.chosen : ''}`}
                onClick={() => setTarget(o.value)}
              >
                <o.icon size={18} />
                <span className={styles.targetText}>
                  <span className={styles.targetTitle}>
                    <b>{o.title}</b>
                    {o.network && (
                      <span className={styles.network} data-testid="address-network">
                        <span className="sr-only">{t('funds.history.network')}</span>
                        {o.network}
                      </span>
                    )}
                  </span>
                  <span className="num">{o.detail}</span>
                </span>
                {target === o.value && <Check size={18} className={styles.check} />}
              </button>
            ))}
            <div className={styles.addRow}>
              <Link
                to={pagePath('setting', 'addWallet', { currency: info.data?.currency ?? '' })}
                className={styles.add}
                onClick={() => (addingFrom = { currency, known: new Set((addresses.data?.data ?? []).map((a) => a.id)) })}
                data-testid="withdraw-add-address"
              >
                <Plus size={14} />
                {t('funds.withdraw.addAddress')}
              </Link>
              {isUsdt && !cards.bank && (
                <Link to={pagePath('setting', 'bank')} className={styles.add}>
                  <Plus size={14} />
                  {t('funds.withdraw.addBank')}
                </Link>
              )}
            </div>
          </div>
        )}

        <TextField
          label={t('funds.withdraw.amount')}
          value={amount}
          onChange={setAmount}
          inputMode="decimal"
          placeholder={d ? t('funds.withdraw.minPlaceholder', { min: d.min }) : ''}
          name="amount"
          suffix={
            d && (
              <button type="button" className="link" onClick={() => setAmount(d.available)}>
                {t('funds.withdraw.all')}
              </button>
            )
          }
        />
        {d && (
          <dl className={styles.summary}>
            <Term label={t('funds.withdraw.fee')}>
              {t('funds.amount', { amount: formatAmount(d.fee, d.decimals, fmt.lang), currency: d.currency })}
            </Term>
            <Term label={t('funds.withdraw.arrival')} testId="arrival">
              {arrival && !arrival.startsWith('-')
                ? t('funds.amount', { amount: formatAmount(arrival, d.decimals, fmt.lang), currency: d.currency })
                : '--'}
            </Term>
          </dl>
        )}
        <TextField
          label={t('funds.withdraw.remark')}
          value={remark}
          onChange={setRemark}
          placeholder={t('funds.withdraw.remarkPlaceholder')}
          name="remark"
          maxLength={100}
        />
        <PayPasswordField value={pin} onChange={setPin} missing={pay.missing} />
        {twoFactor && (
          <>
            <PayPasswordField
              value={totp}
              onChange={setTotp}
              name="totp_code"
              reveal
              label={t('security.withdrawTotp')}
              placeholder={t('security.withdrawTotp')}
            />
            <p className={form.hint}>{t('security.withdrawTotpHint')}</p>
          </>
        )}
        <p className={form.hint}>{t('funds.withdraw.arrivalNote')}</p>
        {error && <p className={form.error}>{error}</p>}
        <Button type="submit" block busy={busy}>
          {t('funds.withdraw.submit')}
        </Button>
      </form>
    </Page>
  );
}
