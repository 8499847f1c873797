/**
 * A trader (`?id=`): the hourly figures, the equity curve, the open positions (live,
 * an hour late, or hidden, as the trader chose), the closed trades (paged) and Follow or Edit.
 */
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { Clock, EyeOff, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { TraderPosition, TraderTrade } from '../../../domain/copytrade/types';
import { apiQuery, usePages } from '../../api/queries';
import { sessionState } from '../../state/session';
import { Button } from '../../ui/Button';
import { Empty } from '../../ui/Empty';
import { Page } from '../../ui/Page';
import { PagedView } from '../../ui/PagedView';
import { Skeleton } from '../../ui/Skeleton';
import { Tabs } from '../../ui/Tabs';
import { useFormat } from '../../ui/useFormat';
import { useTimeText } from '../../ui/useTimeText';
import { Avatar, plainPercent, SideBadge, signedPercent, signedUsdt, toneClass } from './parts';
import { EquityChart } from './EquityChart';
import styles from './CopyTrading.module.css';
import { Term } from '../../ui/Term';
import { pagePath } from '../../paths';

function PositionRow({ p }: { p: TraderPosition }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const time = useTimeText();
  return (
    <div className={styles.position} data-testid="trader-position" data-id={p.id}>
      <div className={styles.posHead}>
        <b>{p.symbol}</b>
        <SideBadge side={p.side} />
        <span className={styles.days}>{t('copytrade.leverage', { n: p.multiple })}</span>
        <span className={`${styles.muted} ${styles.right}`}>{time(p.opened_at)}</span>
      </div>
      <dl className={styles.terms}>
        <Term label={t('copytrade.lots')}>{fmt.number(p.share)}</Term>
        <Term label={t('copytrade.openPrice')}>{fmt.number(p.open_price)}</Term>
      </dl>
    </div>
  );
}

function TradeRow({ trade }: { trade: TraderTrade }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const time = useTimeText();
  return (
    <div className={styles.position} data-testid="trader-trade" data-id={trade.id}>
      <div className={styles.posHead}>
        <b>{trade.symbol}</b>
        <SideBadge side={trade.side} />
        <span className={styles.days}>{t('copytrade.leverage', { n: trade.multiple })}</span>
        <b className={`num ${styles.right} ${toneClass(trade.pnl)}`}>{signedUsdt(trade.pnl, fmt.lang)}</b>
      </div>
      <dl className={styles.cells}>
        <Term label={t('copytrade.lots')}>{fmt.number(trade.share)}</Term>
        <Term label={t('copytrade.openPrice')}>{fmt.number(trade.open_price)}</Term>
        <Term label={t('copytrade.closePrice')}>{fmt.number(trade.close_price)}</Term>
      </dl>
      <span className={styles.muted}>{t('copytrade.openedClosed', { opened: time(trade.opened_at), closed: time(trade.closed_at) })}</span>
    </div>
  );
}

function History({ traderId }: { traderId: number }) {
  const { t } = useTranslation();
  const list = usePages('/follow/historyTrade', { trader_user_id: String(traderId) });
  return (
    <PagedView list={list} emptyText={t('copytrade.noClosed')}>
      <div>
        {list.items.map((trade) => (
          <TradeRow key={trade.id} trade={trade} />
        ))}
      </div>
    </PagedView>
  );
}

export default function TraderPage() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const time = useTimeText();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const detail = useQuery({ ...apiQuery('/follow/traderDetail', { trader_user_id: String(id) }), enabled: valid });
  const [tab, setTab] = useState<'positions' | 'history'>('positions');
  const me = useSnapshot(sessionState).user?.id;
  const d = detail.data;
  if (!valid || detail.isError) return <Page title={t('copytrade.traderTitle')}>{<Empty text={t('copytrade.noTrader')} />}</Page>;
  if (!d) return <Page title={t('copytrade.traderTitle')}>{<Skeleton height={360} />}</Page>;
  const following = d.my_follow_id !== null;
  return (
    <Page title={t('copytrade.traderTitle')}>
      <div className={styles.detailHead}>
        <Avatar name={d.nickname} src={d.avatar} large />
        <div>
          <h2 data-testid="trader-name">{d.nickname}</h2>
          <span className={styles.muted}>
            <Users size={12} /> {t('copytrade.followersN', { n: d.followers })} ·{' '}
            {t('copytrade.traderSince', { date: dayjs(d.trader_since).format('YYYY-MM-DD') })}
          </span>
        </div>
      </div>
      {d.signature && <p className={styles.signature}>{d.signature}</p>}
      <section className={styles.section}>
        <div className={styles.rateRow}>
          <div>
            <div className={`${styles.rate} num ${toneClass(d.ror_30d)}`}>{signedPercent(d.ror_30d, fmt.lang)}</div>
            <div className={styles.muted}>{t('copytrade.ror30')}</div>
          </div>
          <div className={styles.right}>
            <div className={`${styles.big} num ${toneClass(d.total_pnl)}`}>{signedUsdt(d.total_pnl, fmt.lang)}</div>
            <div className={styles.muted}>{t('copytrade.totalPnlUsdt')}</div>
          </div>
        </div>
        <dl className={styles.cells}>
          <div>
            <dt>{t('copytrade.ror7')}</dt>
            <dd className={`num ${toneClass(d.ror_7d)}`}>{signedPercent(d.ror_7d, fmt.lang)}</dd>
          </div>
          <Term label={t('copytrade.accuracy')}>{plainPercent(d.accuracy, fmt.lang)}</Term>
          <Term label={t('copytrade.closedTrades')}>{d.closed_trades}</Term>
        </dl>
        <p className={styles.updated}>{t('copytrade.updatedAt', { time: time(d.computed_at) })}</p>
      </section>
      <section className={styles.section}>
        <h3>
          {t('copytrade.equity')} <small>{t('copytrade.equityHint')}</small>
        </h3>
        {d.equity.length > 0 ? <EquityChart points={d.equity} /> : <p className={styles.muted}>{t('copytrade.noClosed')}</p>}
      </section>
      <div className={styles.tabs}>
        <Tabs
          items={[
            { key: 'positions', label: t('copytrade.currentPositions') },
            { key: 'history', label: t('copytrade.closedPositions') },
          ]}
          value={tab}
          onChange={setTab}
        />
      </div>
      <section className={styles.section}>
        {tab === 'positions' ? (
          d.visibility === 'hidden' ? (
            <p className={styles.hiddenNote} data-testid="trader-positions-hidden">
              <EyeOff size={16} /> {t('copytrade.positionsHidden')}
            </p>
          ) : (
            <>
              {d.visibility === 'delayed' && (
                <p className={styles.hiddenNote}>
                  <Clock size={16} /> {t('copytrade.positionsDelayed')}
                </p>
              )}
              {d.positions.length > 0 ? (
                d.positions.map((p) => <PositionRow key={p.id} p={p} />)
              ) : (
                <p className={styles.muted}>{t('copytrade.noPositions')}</p>
              )}
            </>
          )
        ) : (
          <History traderId={d.user_id} />
        )}
      </section>
      {me !== d.user_id && (
        <div className={styles.footer}>
          <Button
            block
            variant={following ? 'secondary' : 'primary'}
            disabled={!following && !d.accepting}
            onClick={() => void navigate(pagePath('follow', 'follow', { trader: d.user_id }))}
            data-testid="trader-follow-button"
          >
            {following ? t('copytrade.editFollow') : d.accepting ? t('copytrade.follow') : t('copytrade.notAccepting')}
          </Button>
        </div>
      )}
    </Page>
  );
}
