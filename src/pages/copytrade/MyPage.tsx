/**
 * My copy trading: the traders I follow and those I stopped following (tabs), each with
 * the terms, the risk controls, the copies' P&L and open copies; edit, or stop following after a
 * confirmation (the copies already open stay open: the trader's close still closes them).
 */
import { useQuery } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { FollowItem, FollowStatus } from '../../../domain/copytrade/types';
import { apiQuery, useInvalidate } from '../../api/queries';
import { call } from '../../api/request';
import { Button } from '../../ui/Button';
import { Empty } from '../../ui/Empty';
import { Page } from '../../ui/Page';
import { Sheet } from '../../ui/Sheet';
import { Skeleton } from '../../ui/Skeleton';
import { Tabs } from '../../ui/Tabs';
import { useFormat } from '../../ui/useFormat';
import { useTimeText } from '../../ui/useTimeText';
import { Avatar, signedUsdt, toneClass } from './parts';
import styles from './CopyTrading.module.css';
import { Term } from '../../ui/Term';
import { pagePath } from '../../paths';

function FollowCard({ f, onCancel }: { f: FollowItem; onCancel: (f: FollowItem) => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const time = useTimeText();
  const navigate = useNavigate();
  const none = t('copytrade.none');
  const terms =
    f.type === 1 ? t('copytrade.termsMultiple', { n: fmt.number(f.number) }) : t('copytrade.termsLots', { n: fmt.number(f.number) });
  return (
    <article className={styles.order} data-testid="my-follow" data-id={f.id} data-trader={f.trader_user_id} data-status={f.status}>
      <div className={styles.cardHead}>
        <Link to={pagePath('follow', 'trader', { id: f.trader_user_id })} className={`${styles.trader} ${styles.cardLink}`}>
          <Avatar name={f.trader_nickname} src={null} />
          <span>
            <b>{f.trader_nickname}</b>
            <span className={styles.muted}>{terms}</span>
          </span>
        </Link>
        <span className={`${styles.status} ${f.status === 'following' ? styles.following_ : styles.cancelled}`}>
          {t(`copytrade.status.${f.status}`)}
        </span>
      </div>
      <dl className={styles.cells}>
        <div>
          <dt>{t('copytrade.copyPnl')}</dt>
          <dd className={`num ${toneClass(f.copy_pnl)}`} data-testid="my-follow-pnl">
            {signedUsdt(f.copy_pnl, fmt.lang)}
          </dd>
        </div>
        <Term label={t('copytrade.openCopies')} testId="my-follow-open">
          {f.open_copies}
        </Term>
        <Term label={t('copytrade.since')}>{time(f.created_at, 'YYYY-MM-DD')}</Term>
        <Term label={t('copytrade.risk.max_margin')}>{f.max_margin === null ? none : `${fmt.number(f.max_margin)} USDT`}</Term>
        <Term label={t('copytrade.risk.stop_loss')}>{f.stop_loss === null ? none : `-${fmt.number(f.stop_loss)} USDT`}</Term>
        <Term label={t('copytrade.risk.daily_limit')}>{f.daily_limit === null ? none : f.daily_limit}</Term>
      </dl>
      {f.status === 'cancelled' && (
        <p className={styles.muted} data-testid="my-follow-cancelled">
          {t(f.cancel_reason === 'stop_loss' ? 'copytrade.cancelledByStopLoss' : 'copytrade.cancelledByYou', {
            time: f.cancelled_at === null ? '--' : time(f.cancelled_at),
          })}
        </p>
      )}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => void navigate(pagePath('copytrade', 'copy'))} data-testid="my-follow-copies">
          {t('copytrade.viewCopies')}
        </Button>
        {f.status === 'following' && (
          <>
            <Button
              variant="secondary"
              onClick={() => void navigate(pagePath('follow', 'follow', { trader: f.trader_user_id }))}
              data-testid="my-follow-edit"
            >
              {t('copytrade.edit')}
            </Button>
            <Button variant="ghost" onClick={() => onCancel(f)} data-testid="my-follow-cancel">
              {t('copytrade.unfollow')}
            </Button>
          </>
        )}
      </div>
    </article>
  );
}

function CancelSheet({ follow, onClose }: { follow: FollowItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const [busy, setBusy] = useState(false);
  async function confirm() {
    if (!follow) return;
    setBusy(true);
    try {
      await call('/follow/cancel', { id: String(follow.id) });
      await invalidate('copytrade');
      onClose();
    } catch {
      // The `call` toast shows the server's reason.
    } finally {
      setBusy(false);
    }
  }
  return (
    <Sheet open={follow !== null} title={t('copytrade.unfollowTitle')} onClose={onClose}>
      {follow && (
        <div className={styles.sheetBody} data-testid="unfollow-sheet">
          <p className={styles.note}>{t('copytrade.unfollowText', { name: follow.trader_nickname, n: follow.open_copies })}</p>
          <Button block busy={busy} onClick={() => void confirm()} data-testid="unfollow-submit">
            {t('copytrade.unfollowConfirm')}
          </Button>
        </div>
      )}
    </Sheet>
  );
}

export default function MyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [tab, setTab] = useState<FollowStatus>('following');
  const [cancelling, setCancelling] = useState<FollowItem | null>(null);
  const { data, isPending } = useQuery(apiQuery('/follow/my', { status: tab }));
  return (
    <Page
      title={t('copytrade.myTitle')}
      right={
        <Link to={pagePath('copytrade', 'copy')} className={styles.navLink} data-testid="my-copies-link">
          {t('copytrade.copiesTitle')} <ChevronRight size={14} />
        </Link>
      }
    >
      <div className={styles.tabs}>
        <Tabs
          items={[
            { key: 'following', label: t('copytrade.status.following') },
            { key: 'cancelled', label: t('copytrade.status.cancelled') },
          ]}
          value={tab}
          onChange={setTab}
        />
      </div>
      <div className={styles.list}>
        {isPending ? (
          [0, 1].map((i) => <Skeleton key={i} height={200} />)
        ) : data && data.length > 0 ? (
          data.map((f) => <FollowCard key={f.id} f={f} onCancel={setCancelling} />)
        ) : (
          <Empty
            text={t(tab === 'following' ? 'copytrade.noFollowing' : 'copytrade.noCancelled')}
            action={
              tab === 'following'
                ? { label: t('copytrade.findTraders'), onClick: () => void navigate(pagePath('follow', 'index')) }
                : undefined
            }
          />
        )}
      </div>
      <CancelSheet follow={cancelling} onClose={() => setCancelling(null)} />
    </Page>
  );
}
