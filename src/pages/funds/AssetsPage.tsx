import { useQuery } from '@tanstack/react-query';
import { ArrowDownToLine, ArrowLeftRight, ArrowUpFromLine, Eye, EyeOff, History, Repeat } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { HoldingKind } from '../../../domain/funds/holdings';
import type { AccountOverview, HoldingLine } from '../../../domain/funds/types';
import { FIAT_CODES, type FiatCode } from '../../../domain/fiat';
import { ACCOUNT_NAMES, type AccountName } from '../../../domain/funds/formulas';
import { apiQuery } from '../../api/queries';
import { readStored, STORAGE_KEYS, writeStored } from '../../state/storage';
import { CoinBadge, useCoinColors } from '../../ui/CoinBadge';
import { Empty } from '../../ui/Empty';
import { accountLabel } from '../../ui/fundsLabels';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { Skeleton, SkeletonGroup } from '../../ui/Skeleton';
import { Tabs } from '../../ui/Tabs';
import { useFormat } from '../../ui/useFormat';
import styles from './AssetsPage.module.css';
import { pagePath } from '../../paths';

const MASK = '******';
/** Placeholder rows while the balances load. */
const LOADING_ROWS = [0, 1, 2];

/** Where each holding line leads: the page that shows (and ends) what it holds. */
const LINE_LINKS: Record<HoldingKind, string> = {
  earn: pagePath('financial', 'index'),
  ieo: pagePath('ieo', 'order'),
  loans: pagePath('common', 'borrowing'),
  nft: pagePath('nft', 'mine'),
};

/**
 * The assets tab: total value in USDT and the display currency, quick actions, a line per kind of
 * holding outside the accounts (Earn, IEO, Loans collateral, NFT bids), and each
 * account's balances. Every figure is the server's (`GET /wallet/list`); the total is its sum of
 * the accounts and the lines, never one the page adds up.
 */
export default function AssetsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = (ACCOUNT_NAMES as string[]).includes(params.get('account') ?? '') ? (params.get('account') as AccountName) : 'change';
  const wallet = useQuery(apiQuery('/wallet/list'));
  const colors = useCoinColors();
  const [hidden, setHidden] = useState(() => readStored(STORAGE_KEYS.hideBalance) === '1');
  const fmt = useFormat();

  const toggleHidden = () => {
    writeStored(STORAGE_KEYS.hideBalance, hidden ? '0' : '1');
    setHidden(!hidden);
  };
  const show = (text: string, currency: string) => (hidden ? MASK : fmt.balance(text, currency));
  const showUsdt = (text: string) => (hidden ? MASK : fmt.usdtValue(text));
  const data = wallet.data;
  const account: AccountOverview | undefined = data?.accounts.find((a) => a.name === tab);
  const fiatCode: FiatCode | null =
    data && (FIAT_CODES as readonly string[]).includes(data.fiat.currency_code) ? (data.fiat.currency_code as FiatCode) : null;
  const showFiat = (text: string) => (hidden ? MASK : fiatCode ? fmt.fiat(text, fiatCode) : fmt.number(text));
  // Still waiting for the first answer: skeletons, not "--" or an empty list that reads as "no assets".
  const loading = !data && !wallet.isError;

  return (
    <Page
      title={pageTitle(t, { area: 'fund', page: 'assets' })}
      back={false}
      right={
        <Link
          to={pagePath('fund', 'receive_withdraw_record')}
          aria-label={pageTitle(t, { area: 'fund', page: 'receive_withdraw_record' })}
          className={styles.navIcon}
        >
          <History size={20} />
        </Link>
      }
    >
      <section className={styles.total} data-testid="assets-total">
        <div className={styles.totalHead}>
          <span>{t('funds.assets.total')}</span>
          <button
            type="button"
            onClick={toggleHidden}
            aria-label={t(hidden ? 'funds.assets.show' : 'funds.assets.hide')}
            data-testid="toggle-hidden"
          >
            {hidden ? <EyeOff size={16} /> : <Eye size={16} />}
          </button>
        </div>
        {loading ? (
          <SkeletonGroup testId="assets-loading">
            <Skeleton width={180} height={30} className={styles.totalSkeleton} />
            <Skeleton width={110} height={14} />
          </SkeletonGroup>
        ) : (
          <>
            <b className={`${styles.totalValue} num`} data-testid="total-usdt">
              {data ? showUsdt(data.total_usdt) : '--'}
            </b>
            <span className={`${styles.totalFiat} num`}>{data && t('funds.approxFiat', { amount: showFiat(data.total_fiat) })}</span>
          </>
        )}
        <div className={styles.actions}>
          <Link to={pagePath('fund', 'receive')} className={styles.action}>
            <ArrowDownToLine size={20} />
            {t('home.shortcuts.recharge')}
          </Link>
          <Link to={pagePath('fund', 'withdraw')} className={styles.action}>
            <ArrowUpFromLine size={20} />
            {t('home.shortcuts.withdraw')}
          </Link>
          <Link to={pagePath('fund', 'fundTransfer', { from: tab })} className={styles.action}>
            <ArrowLeftRight size={20} />
            {t('home.shortcuts.transfer')}
          </Link>
          <Link to={pagePath('fund', 'transfer')} className={styles.action}>
            <Repeat size={20} />
            {t('home.shortcuts.exchange')}
          </Link>
        </div>
      </section>

      {data && <HoldingLines lines={data.holdings} show={show} showUsdt={showUsdt} />}

      <div className={styles.tabs}>
        <Tabs
          items={ACCOUNT_NAMES.map((key) => ({ key, label: accountLabel(t, key) }))}
          value={tab}
          onChange={(key) => setParams({ account: key }, { replace: true })}
        />
      </div>
      {account && (
        <p className={styles.accountTotal}>
          {t('funds.assets.accountTotal', { account: accountLabel(t, tab) })}
          <span className={styles.accountValue}>
            <b className="num">{t('funds.amount', { amount: showUsdt(account.total_usdt), currency: 'USDT' })}</b>
            <span className="num">{t('funds.approxFiat', { amount: showFiat(account.total_fiat) })}</span>
          </span>
        </p>
      )}
      {loading && (
        <SkeletonGroup>
          <p className={styles.accountTotal}>
            <Skeleton width={120} height={14} />
            <Skeleton width={90} height={14} />
          </p>
          <ul className={styles.list}>
            {LOADING_ROWS.map((i) => (
              <li key={i} className={styles.row}>
                <Skeleton round width={32} />
                <span className={styles.name}>
                  <Skeleton width={56} height={16} />
                </span>
                <span className={styles.amounts}>
                  <Skeleton width={80} height={16} />
                  <Skeleton width={60} height={12} />
                </span>
              </li>
            ))}
          </ul>
        </SkeletonGroup>
      )}
      {wallet.isError && !data && (
        <Empty text={t('common.loadFailed')} action={{ label: t('common.retry'), onClick: () => void wallet.refetch() }} />
      )}
      {account && account.balances.length === 0 && (
        <Empty
          text={t('funds.assets.empty')}
          action={{ label: t('home.shortcuts.recharge'), onClick: () => navigate(pagePath('fund', 'receive')) }}
        />
      )}
      <ul className={styles.list} data-testid="balances">
        {account?.balances.map((b) => (
          <li key={b.currency_id}>
            <Link
              to={pagePath('fund', 'assets_record', { currency: b.currency_id, account: account.id })}
              className={styles.row}
              data-currency={b.currency}
            >
              <CoinBadge name={b.currency} color={colors.get(b.currency)} />
              <span className={styles.name}>
                <b>{b.currency}</b>
                {b.frozen !== '0' && <span>{t('funds.assets.frozen', { amount: show(b.frozen, b.currency) })}</span>}
              </span>
              <span className={styles.amounts}>
                {/* The whole holding (frozen included), as its value below counts it. */}
                <b className="num" data-testid="balance-total">
                  {show(b.total, b.currency)}
                </b>
                <span className="num">
                  {b.usdt_value !== null && t('funds.approx', { amount: showUsdt(b.usdt_value), currency: 'USDT' })}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </Page>
  );
}

/** The lines beside the accounts, each with what it holds per coin and its USDT value. */
function HoldingLines({
  lines,
  show,
  showUsdt,
}: {
  lines: HoldingLine[];
  show: (text: string, currency: string) => string;
  showUsdt: (text: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <section className={styles.lines} data-testid="assets-lines" aria-labelledby="assets-lines-title">
      <h2 id="assets-lines-title" className={styles.linesTitle}>
        {t('funds.assets.lines.title')}
      </h2>
      <ul className={styles.lineList}>
        {lines.map((line) => (
          <li key={line.kind}>
            <Link to={LINE_LINKS[line.kind]} className={styles.line} data-testid="assets-line" data-kind={line.kind}>
              <span className={styles.lineName}>
                <b>{t(`funds.assets.lines.${line.kind}`)}</b>
                <span className="num" data-testid="assets-line-items">
                  {line.items.length === 0
                    ? t('funds.assets.lines.none')
                    : line.items.map((i) => t('funds.amount', { amount: show(i.amount, i.currency), currency: i.currency })).join(' · ')}
                </span>
              </span>
              <b className="num" data-testid="assets-line-value">
                {t('funds.amount', { amount: showUsdt(line.total_usdt), currency: 'USDT' })}
              </b>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
