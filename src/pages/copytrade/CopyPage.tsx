/**
 * My copies: current (open copied positions, each traced to the trader and the trader's
 * order it copies, with its live P&L and "Hold myself", which makes it the follower's own after a
 * confirmation: the trader's close no longer touches it) and history (closed, and skipped with the
 * reason).
 */
import { useState } from 'react';
import { topics } from '../../../domain/protocol';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { CopyItem } from '../../../domain/copytrade/types';
import { useInvalidate, usePages } from '../../api/queries';
import { call } from '../../api/request';
import { futuresState } from '../../state/futures';
import { Button } from '../../ui/Button';
import { Page } from '../../ui/Page';
import { PagedView } from '../../ui/PagedView';
import { Sheet } from '../../ui/Sheet';
import { Tabs } from '../../ui/Tabs';
import { useFormat } from '../../ui/useFormat';
import { useTimeText } from '../../ui/useTimeText';
import { useTopics } from '../../ui/useTopics';
import { SideBadge, signedUsdt, toneClass } from './parts';
import styles from './CopyTrading.module.css';
import { Term } from '../../ui/Term';
import { pagePath } from '../../paths';

/** The quotes move the open copies' marks (the worker prices the user's futures positions). */
const QUOTES = [topics.quotes()];

/** The live unrealised P&L of an open copy, from the futures positions the worker keeps. */
function LivePnl({ tradeId }: { tradeId: number | null }) {
  const positions = useSnapshot(futuresState).positions;
  const row = tradeId === null ? undefined : positions[tradeId];
  return (
    <dd className={`num ${row ? row.tone : ''}`} data-testid="copy-pnl">
      {row ? row.pnlText : '--'}
    </dd>
  );
}

function CopyCard({ c, onHold }: { c: CopyItem; onHold: (c: CopyItem) => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const time = useTimeText();
  const state = c.status === 'skipped' ? 'skipped' : c.self_held ? 'selfHeld' : c.status;
  return (
    <article
      className={styles.order}
      data-testid="copy-item"
      data-id={c.id}
      data-trade={c.trade_id ?? ''}
      data-status={c.status}
      data-self-held={c.self_held}
    >
      <div className={styles.cardHead}>
        <span className={styles.posHead}>
          <b>{c.symbol}</b>
          <SideBadge side={c.side} />
          <span className={styles.days}>{t('copytrade.leverage', { n: c.multiple })}</span>
        </span>
        <span className={`${styles.status} ${styles[state] ?? ''}`} data-testid="copy-state">
          {t(`copytrade.copyState.${state}`)}
        </span>
      </div>
      <p className={styles.trace} data-testid="copy-trace">
        {t('copytrade.copiesOrder', { name: c.trader_nickname, order: c.trader_trade_id })}{' '}
        <Link to={pagePath('follow', 'trader', { id: c.trader_user_id })} className={styles.heroLink}>
          {t('copytrade.viewTrader')}
        </Link>
      </p>
      {c.status === 'skipped' ? (
        <p className={styles.error} data-testid="copy-skip-reason">
          {t(`copytrade.skip.${c.skip_reason ?? 'margin'}`)}
        </p>
      ) : (
        <dl className={styles.cells}>
          <Term label={t('copytrade.lots')}>{c.share === null ? '--' : fmt.number(c.share)}</Term>
          <Term label={t('copytrade.openPrice')}>{c.open_price === null ? '--' : fmt.number(c.open_price)}</Term>
          {c.status === 'open' ? (
            <div>
              <dt>{t('copytrade.unrealised')}</dt>
              <LivePnl tradeId={c.trade_id} />
            </div>
          ) : (
            <Term label={t('copytrade.closePrice')}>{c.close_price === null ? '--' : fmt.number(c.close_price)}</Term>
          )}
          {c.status === 'closed' && (
            <div>
              <dt>{t('copytrade.pnl')}</dt>
              <dd className={`num ${toneClass(c.pnl)}`} data-testid="copy-closed-pnl">
                {signedUsdt(c.pnl, fmt.lang)}
              </dd>
            </div>
          )}
          <Term label={t('copytrade.copiedAt')}>{time(c.created_at, 'MM-DD HH:mm')}</Term>
          {c.closed_at !== null && <Term label={t('copytrade.closedAt')}>{time(c.closed_at, 'MM-DD HH:mm')}</Term>}
        </dl>
      )}
      {c.status === 'open' && !c.self_held && (
        <Button variant="secondary" block onClick={() => onHold(c)} data-testid="copy-hold">
          {t('copytrade.holdMyself')}
        </Button>
      )}
      {c.status === 'open' && c.self_held && <p className={styles.muted}>{t('copytrade.selfHeldNote')}</p>}
    </article>
  );
}

function HoldSheet({ copy, onClose }: { copy: CopyItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const [busy, setBusy] = useState(false);
  async function confirm() {
    if (!copy?.trade_id) return;
    setBusy(true);
    try {
      await call('/follow/selfHolding', { transaction_id: String(copy.trade_id) });
      await invalidate('copytrade', 'futures');
      onClose();
    } catch {
      // The `call` toast shows the server's reason.
    } finally {
      setBusy(false);
    }
  }
  return (
    <Sheet open={copy !== null} title={t('copytrade.holdTitle')} onClose={onClose}>
      {copy && (
        <div className={styles.sheetBody} data-testid="hold-sheet">
          <p className={styles.note}>{t('copytrade.holdText', { symbol: copy.symbol, name: copy.trader_nickname })}</p>
          <Button block busy={busy} onClick={() => void confirm()} data-testid="hold-submit">
            {t('copytrade.holdConfirm')}
          </Button>
        </div>
      )}
    </Sheet>
  );
}

function CopyList({ status, onHold }: { status: 'open' | 'history'; onHold: (c: CopyItem) => void }) {
  const { t } = useTranslation();
  const list = usePages('/follow/copies', { status });
  return (
    <PagedView list={list} emptyText={t(status === 'open' ? 'copytrade.noOpenCopies' : 'copytrade.noCopyHistory')}>
      <div className={styles.list}>
        {list.items.map((c) => (
          <CopyCard key={c.id} c={c} onHold={onHold} />
        ))}
      </div>
    </PagedView>
  );
}

export default function CopyPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'open' | 'history'>('open');
  const [holding, setHolding] = useState<CopyItem | null>(null);
  useTopics(QUOTES);
  return (
    <Page
      title={t('copytrade.copiesTitle')}
      right={
        <Link to={pagePath('copytrade', 'my')} className={styles.navLink}>
          {t('copytrade.myTraders')}
        </Link>
      }
    >
      <div className={styles.tabs}>
        <Tabs
          items={[
            { key: 'open', label: t('copytrade.currentCopies') },
            { key: 'history', label: t('copytrade.copyHistory') },
          ]}
          value={tab}
          onChange={setTab}
        />
      </div>
      <CopyList key={tab} status={tab} onHold={setHolding} />
      <HoldSheet copy={holding} onClose={() => setHolding(null)} />
    </Page>
  );
}
