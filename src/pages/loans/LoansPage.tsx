/**
 * Crypto loans (route common/borrowing): borrow USDT against a coin held in the
 * coin account, and the user's loans with their live LTV. The borrow tab previews in the worker at
 * its own last price (max borrowable, LTV against the margin-call and liquidation lines, a day's
 * interest, the liquidation price); the loans tab shows each open loan's live LTV from the worker
 * (`loansState`), and sheets to repay (in part or in full), add collateral and read the history.
 * The server decides every figure at its own price; this only previews.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { Loan, LoanStatus, LoanTerms } from '../../../domain/loans/types';
import { topics } from '../../../domain/protocol';
import { apiQuery, useInvalidate, usePages } from '../../api/queries';
import { loansState } from '../../state/loans';
import { Button } from '../../ui/Button';
import { CoinBadge, useCoinColors } from '../../ui/CoinBadge';
import { Empty } from '../../ui/Empty';
import { Page } from '../../ui/Page';
import { Sheet } from '../../ui/Sheet';
import { Tabs } from '../../ui/Tabs';
import { useFormat } from '../../ui/useFormat';
import { useIdempotentSubmit } from '../../ui/useIdempotentSubmit';
import { useTopics } from '../../ui/useTopics';
import { getWorker } from '../../worker-client';
import type { BorrowPreview } from '../../../worker/loans/preview';
import { DetailSheet, RepaySheet, TopUpSheet } from './LoanSheets';
import { Row, USDT, useCoinBalances } from './parts';
import { LtvBar, percent } from './LtvBar';
import styles from './Loans.module.css';
import { useWorkerPreview } from '../../ui/useWorkerPreview';
import { AmountInput } from '../../ui/AmountInput';
import { Term } from '../../ui/Term';

const QUOTES = [topics.quotes()];
type Tab = 'borrow' | 'loans';
const STATUSES: readonly LoanStatus[] = ['open', 'repaid', 'liquidated'];

export default function LoansPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'loans' ? 'loans' : 'borrow';
  useTopics(QUOTES);
  return (
    <Page title={t('loans.title')}>
      <div className={styles.tabs}>
        <Tabs
          items={[
            { key: 'borrow', label: t('loans.tab.borrow') },
            { key: 'loans', label: t('loans.tab.loans') },
          ]}
          value={tab}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
        />
      </div>
      {tab === 'borrow' ? <BorrowTab onBorrowed={() => setParams({ tab: 'loans' }, { replace: true })} /> : <LoansTab />}
    </Page>
  );
}

function BorrowTab({ onBorrowed }: { onBorrowed: () => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const colors = useCoinColors();
  const invalidate = useInvalidate();
  const terms = useQuery(apiQuery('/loan/terms'));
  const balances = useCoinBalances();
  const [coin, setCoin] = useState('BTC');
  const [collateral, setCollateral] = useState('');
  const [amount, setAmount] = useState('');
  const [confirming, setConfirming] = useState(false);
  const submit = useIdempotentSubmit('/loan/borrow');
  const term = terms.data?.find((x) => x.currency === coin) ?? terms.data?.[0];
  const available = term ? (balances.get(term.currency) ?? '0') : '0';

  // The worker's price moves: recompute the preview on each of its ticks a second or so.
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const id = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(id);
  }, []);
  const preview = useWorkerPreview<BorrowPreview>(() => {
    if (!term) return null;
    return getWorker().loans.previewBorrow({ terms: term, collateral, amount, available });
    // `tick` is not read here: it re-asks as the worker's price moves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [term, collateral, amount, available, tick]);

  async function borrow() {
    if (!term) return;
    const loan = await submit.run({ currency: term.currency, collateral: collateral.trim(), amount: amount.trim() });
    if (!loan) return;
    await invalidate('balances', 'loans');
    setConfirming(false);
    setCollateral('');
    setAmount('');
    onBorrowed();
  }

  if (!term) return <Empty text={terms.isPending ? t('loans.loading') : t('loans.noTerms')} />;
  const problem = preview?.problem && (collateral.trim() || amount.trim()) ? t(`loans.problem.${preview.problem}`, preview.params) : null;
  const c = term.currency;
  return (
    <div className={styles.body}>
      <section className={styles.hero}>
        <h2>{t('loans.heroTitle')}</h2>
        <p>{t('loans.heroText')}</p>
      </section>
      <section className={styles.panel}>
        <div className={styles.label}>{t('loans.collateralCoin')}</div>
        <div className={styles.coins} role="radiogroup" aria-label={t('loans.collateralCoin')}>
          {(terms.data ?? []).map((x) => (
            <button
              key={x.currency}
              type="button"
              role="radio"
              aria-checked={x.currency === c}
              className={`${styles.coinChip} ${x.currency === c ? styles.chosen : ''}`}
              onClick={() => setCoin(x.currency)}
              data-testid={`loan-coin-${x.currency}`}
            >
              <CoinBadge name={x.currency} color={colors.get(x.currency)} size={22} />
              {x.currency}
            </button>
          ))}
        </div>
        <div className={styles.label}>
          <span>{t('loans.collateralAmount')}</span>
          <span>
            {t('loans.available')} <b className="num">{fmt.balance(available, c)}</b> {c}
          </span>
        </div>
        <AmountInput
          testId="loan-collateral"
          value={collateral}
          placeholder={t('loans.collateralPlaceholder')}
          onChange={(v) => (submit.reset(), setCollateral(v))}
          label={t('loans.collateralAmount')}
          unit={c}
          max={{ label: t('loans.max'), onClick: () => setCollateral(available) }}
        />
        <div className={styles.label}>
          <span>{t('loans.borrowAmount')}</span>
          <span>
            {t('loans.maxBorrowable')}{' '}
            <b className="num" data-testid="loan-max-borrow">
              {preview?.maxBorrowText ?? '--'}
            </b>{' '}
            {USDT}
          </span>
        </div>
        <AmountInput
          testId="loan-amount"
          value={amount}
          placeholder={t('loans.amountPlaceholder', { min: fmt.amount(term.min_borrow, 'USDT') })}
          onChange={(v) => (submit.reset(), setAmount(v))}
          label={t('loans.borrowAmount')}
          unit={USDT}
          max={{
            label: t('loans.max'),
            onClick: () => preview && preview.maxBorrow !== '0' && setAmount(preview.maxBorrow),
            testId: 'loan-amount-max',
          }}
        />
        {problem && (
          <p className={styles.error} role="alert">
            {problem}
          </p>
        )}
      </section>
      <section className={styles.panel}>
        <div className={styles.ltvHead}>
          <span>{t('loans.ltv')}</span>
          <b className={`num ${styles[preview?.risk ?? 'safe']}`} data-testid="loan-preview-ltv">
            {preview?.ltvText ?? '--'}
          </b>
        </div>
        <LtvBar value={preview?.ltv ?? null} lines={term} risk={preview?.risk ?? null} />
        <dl className={styles.rows}>
          <Row label={t('loans.price', { coin: c })} value={`${preview?.priceText ?? '--'} USDT`} />
          <Row
            label={t('loans.dailyInterest')}
            value={`${preview?.dailyInterestText ?? '--'} USDT`}
            note={percent(term.daily_rate, fmt.lang, 3)}
          />
          <Row label={t('loans.marginCallPrice')} value={`${preview?.marginCallPriceText ?? '--'} USDT`} />
          <Row label={t('loans.liquidationPrice')} value={`${preview?.liquidationPriceText ?? '--'} USDT`} tone="down" />
        </dl>
        <TermsList term={term} />
      </section>
      <div className={styles.footer}>
        <Button block disabled={!preview || preview.problem !== null} onClick={() => setConfirming(true)} data-testid="loan-borrow">
          {t('loans.borrowNow')}
        </Button>
      </div>
      <ConfirmSheet
        open={confirming}
        term={term}
        collateral={collateral.trim()}
        amount={amount.trim()}
        preview={preview}
        busy={submit.busy}
        onClose={() => setConfirming(false)}
        onConfirm={() => void borrow()}
      />
    </div>
  );
}

function TermsList({ term }: { term: LoanTerms }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <dl className={styles.terms}>
      <Term label={t('loans.initialLtv')}>{percent(term.initial_ltv, fmt.lang)}</Term>
      <div>
        <dt>{t('loans.marginCallLtv')}</dt>
        <dd className="num warn">{percent(term.margin_call_ltv, fmt.lang)}</dd>
      </div>
      <Term label={t('loans.liquidationLtv')} tone="down">
        {percent(term.liquidation_ltv, fmt.lang)}
      </Term>
      <Term label={t('loans.penalty')}>{percent(term.liquidation_penalty, fmt.lang)}</Term>
    </dl>
  );
}

function ConfirmSheet(props: {
  open: boolean;
  term: LoanTerms;
  collateral: string;
  amount: string;
  preview: BorrowPreview | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { term, preview } = props;
  return (
    <Sheet open={props.open} title={t('loans.confirmTitle')} onClose={props.onClose}>
      <div className={styles.sheetBody} data-testid="loan-confirm">
        <dl className={styles.rows}>
          <Row label={t('loans.collateralAmount')} value={`${fmt.number(props.collateral)} ${term.currency}`} />
          <Row label={t('loans.borrowAmount')} value={`${fmt.number(props.amount)} USDT`} />
          <Row label={t('loans.ltv')} value={preview?.ltvText ?? '--'} />
          <Row label={t('loans.dailyInterest')} value={`${preview?.dailyInterestText ?? '--'} USDT`} />
          <Row label={t('loans.liquidationPrice')} value={`${preview?.liquidationPriceText ?? '--'} USDT`} tone="down" />
        </dl>
        <p className={styles.notice}>{t('loans.confirmNote', { ltv: percent(term.liquidation_ltv, fmt.lang) })}</p>
        <Button block busy={props.busy} onClick={props.onConfirm} data-testid="loan-confirm-submit">
          {t('loans.confirm')}
        </Button>
      </div>
    </Sheet>
  );
}

function LoansTab() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<LoanStatus>('open');
  const list = usePages('/loan/list', { status });
  const [repaying, setRepaying] = useState<Loan | null>(null);
  const [topping, setTopping] = useState<Loan | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);

  // The worker values the open loans at its own prices.
  useEffect(() => {
    if (status === 'open') void getWorker().loans.setLoans(list.items);
  }, [list.items, status]);

  return (
    <div className={styles.body}>
      <div className={styles.filters}>
        <Tabs variant="pill" items={STATUSES.map((s) => ({ key: s, label: t(`loans.status.${s}`) }))} value={status} onChange={setStatus} />
      </div>
      <div className={styles.list} data-testid="loan-list">
        {list.items.length === 0 && list.status !== 'loading' && <Empty text={t('loans.empty')} />}
        {list.items.map((loan) => (
          <LoanCard
            key={loan.id}
            loan={loan}
            onRepay={() => setRepaying(loan)}
            onTopUp={() => setTopping(loan)}
            onDetail={() => setViewing(loan.id)}
          />
        ))}
        {list.hasMore && (
          <Button variant="secondary" onClick={list.loadMore}>
            {t('loans.more')}
          </Button>
        )}
      </div>
      {repaying && <RepaySheet loan={repaying} onClose={() => setRepaying(null)} />}
      {topping && <TopUpSheet loan={topping} onClose={() => setTopping(null)} />}
      {viewing !== null && <DetailSheet id={viewing} onClose={() => setViewing(null)} />}
    </div>
  );
}

function LoanCard({ loan, onRepay, onTopUp, onDetail }: { loan: Loan; onRepay: () => void; onTopUp: () => void; onDetail: () => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const colors = useCoinColors();
  const live = useSnapshot(loansState).live[loan.id];
  const open = loan.status === 'open';
  return (
    <article className={styles.card} data-testid={`loan-card-${loan.id}`}>
      <button type="button" className={styles.cardHead} onClick={onDetail} aria-label={t('loans.detail')}>
        <span className={styles.coin}>
          <CoinBadge name={loan.currency} color={colors.get(loan.currency)} size={26} />
          <b>{loan.currency}</b>
          <span className={styles.muted}>{t('loans.number', { id: loan.id })}</span>
        </span>
        <span className={`${styles.status} ${styles[loan.status]}`}>{t(`loans.status.${loan.status}`)}</span>
      </button>
      {open && (
        <>
          <div className={styles.ltvHead}>
            <span>{t('loans.liveLtv')}</span>
            <b className={`num ${styles[live?.risk ?? 'safe']}`} data-testid="loan-live-ltv">
              {live?.ltvText ?? '--'}
            </b>
          </div>
          <LtvBar value={live?.ltv ?? null} lines={loan} risk={live?.risk ?? null} />
          {loan.margin_called && <p className={styles.warning}>{t('loans.marginCalled')}</p>}
        </>
      )}
      <dl className={styles.cells}>
        <Term label={t('loans.debt')} testId="loan-debt">
          {fmt.amount(loan.debt, 'USDT')}
        </Term>
        <Term label={t('loans.collateral')}>{fmt.amount(loan.collateral, loan.currency)}</Term>
        <Term label={t('loans.interestOwed')}>{fmt.amount(loan.interest, 'USDT')}</Term>
        {open ? (
          <>
            <Term label={t('loans.liquidationPrice')} tone="down">
              {fmt.number(loan.liquidation_price ?? '0')}
            </Term>
            <Term label={t('loans.collateralValue')}>{live?.valueText ?? '--'}</Term>
            <Term label={t('loans.dailyRate')}>{percent(loan.daily_rate, fmt.lang, 3)}</Term>
          </>
        ) : (
          <>
            <Term label={t('loans.borrowed')}>{fmt.amount(loan.borrowed, 'USDT')}</Term>
            <Term label={t('loans.interestPaid')}>{fmt.amount(loan.interest_paid, 'USDT')}</Term>
          </>
        )}
      </dl>
      {open && (
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onTopUp} data-testid="loan-topup">
            {t('loans.addCollateral')}
          </Button>
          <Button onClick={onRepay} data-testid="loan-repay">
            {t('loans.repay')}
          </Button>
        </div>
      )}
    </article>
  );
}
