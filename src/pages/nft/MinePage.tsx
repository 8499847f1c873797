/**
 * The NFT centre (the page `nft/mine`), tabs (`?tab=`): Bids (each auction
 * the caller bid in: their bid against the current one, leading or outbid, its state and the
 * margin's), To pay (auctions won: pending with the countdown to `pay_by` and Pay, with a confirm
 * sheet; paid; expired) and Messages (the NFT notifications, unread dot, a tap marks one read,
 * "mark all read").
 */
import { CheckCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { formatAmount } from '../../../domain/format';
import type { NftMyBid, NftPayOrder } from '../../../domain/nft/types';
import type { NotificationItem } from '../../../domain/notifications/types';
import { apiQuery, useInvalidate, usePages } from '../../api/queries';
import { call } from '../../api/request';
import { Button } from '../../ui/Button';
import { NotificationList } from '../../ui/NotificationList';
import { Page } from '../../ui/Page';
import { PagedView } from '../../ui/PagedView';
import { pageTitle } from '../../ui/pageTitle';
import { Sheet } from '../../ui/Sheet';
import { Tabs } from '../../ui/Tabs';
import { useIdempotentSubmit } from '../../ui/useIdempotentSubmit';
import { useFormat } from '../../ui/useFormat';
import { useTimeText } from '../../ui/useTimeText';
import { artworkPath, SaleCountdown, Thumb } from './parts';
import nft from './Nft.module.css';
import styles from './MinePage.module.css';
import { Term } from '../../ui/Term';

const TABS = ['bids', 'pay', 'messages'] as const;
type Tab = (typeof TABS)[number];

/** How the caller stands in an auction: leading or outbid while it runs; then won, lost or forfeited. */
function bidStanding(b: NftMyBid): 'leading' | 'outbid' | 'won' | 'lost' | 'forfeited' {
  if (b.status === 'listed') return b.leading ? 'leading' : 'outbid';
  if (!b.leading) return 'lost';
  return b.status === 'forfeited' ? 'forfeited' : 'won';
}

function BidCard({ b }: { b: NftMyBid }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const money = (v: string) => fmt.amount(v, b.currency);
  const standing = bidStanding(b);
  return (
    <Link
      to={artworkPath({ id: b.artwork_id, type: b.type })}
      className={styles.orderCard}
      data-testid="nft-my-bid"
      data-sale={b.sale_id}
      data-standing={standing}
    >
      <Thumb a={b} className={styles.orderThumb} />
      <div className={styles.orderMain}>
        <div className={styles.orderHead}>
          <b>{b.title}</b>
          <span className={`${styles.standing} ${styles[standing]}`}>{t(`nft.mine.standing.${standing}`)}</span>
        </div>
        <dl className={nft.cells}>
          <Term label={t('nft.mine.myBid')}>
            {money(b.my_bid)} {b.currency}
          </Term>
          <Term label={t('nft.currentBid')}>
            {money(b.bid)} {b.currency}
          </Term>
          <div>
            <dt>{t('nft.mine.state')}</dt>
            <dd>{t(`nft.saleStatus.${b.status}`)}</dd>
          </div>
          <div>
            <dt>{t('nft.auction.margin')}</dt>
            <dd>
              <span className="num">
                {money(b.margin)} {b.currency}
              </span>{' '}
              · {t(`nft.marginState.${b.my_margin}`)}
            </dd>
          </div>
        </dl>
        {b.status === 'listed' && <SaleCountdown to={b.ends_at} label="endsIn" />}
      </div>
    </Link>
  );
}

function Bids() {
  const { t } = useTranslation();
  const list = usePages('/bind_box/getMyBids', {});
  return (
    <PagedView list={list} emptyText={t('nft.mine.noBids')}>
      <div className={nft.stack}>
        {list.items.map((b) => (
          <BidCard key={b.sale_id} b={b} />
        ))}
      </div>
    </PagedView>
  );
}

function PayCard({ o, onPay }: { o: NftPayOrder; onPay: (o: NftPayOrder) => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const timeText = useTimeText();
  const money = (v: string) => `${formatAmount(v, o.decimals, fmt.lang)} ${o.currency}`;
  return (
    <article className={styles.orderCard} data-testid="nft-pay-order" data-id={o.id} data-status={o.status}>
      <Thumb a={o} className={styles.orderThumb} />
      <div className={styles.orderMain}>
        <div className={styles.orderHead}>
          <Link to={artworkPath({ id: o.artwork_id, type: o.type })} className={styles.orderTitle}>
            {o.title}
          </Link>
          <span className={`${styles.standing} ${styles[o.status]}`} data-testid="nft-pay-status">
            {t(`nft.mine.payStatus.${o.status}`)}
          </span>
        </div>
        <dl className={nft.cells}>
          <Term label={t('nft.mine.winningBid')}>{money(o.price)}</Term>
          <Term label={t('nft.mine.marginHeld')}>{money(o.margin)}</Term>
          <div>
            <dt>{t('nft.mine.due')}</dt>
            <dd className={`num ${nft.strong}`} data-testid="nft-pay-due">
              {money(o.due)}
            </dd>
          </div>
          <Term label={o.status === 'paid' ? t('nft.mine.paidAt') : t('nft.mine.payBy')}>{timeText(o.paid_at ?? o.pay_by)}</Term>
        </dl>
        {o.status === 'pending' && (
          <div className={styles.payRow}>
            <SaleCountdown to={o.pay_by} label="payWithin" testId="nft-pay-countdown" />
            <Button onClick={() => onPay(o)} data-testid="nft-pay">
              {t('nft.mine.pay')}
            </Button>
          </div>
        )}
      </div>
    </article>
  );
}

function ToPay() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const invalidate = useInvalidate();
  const list = usePages('/bind_box/getNeedPayNFTOrder', {});
  const [paying, setPaying] = useState<NftPayOrder | null>(null);
  const submit = useIdempotentSubmit('/bind_box/payNFTOrder');
  const pay = async () => {
    if (!paying) return;
    if (!(await submit.run({ id: String(paying.id) }))) return;
    setPaying(null);
    await invalidate('nft', 'balances');
  };
  return (
    <>
      <PagedView list={list} emptyText={t('nft.mine.noOrders')}>
        <div className={nft.stack}>
          {list.items.map((o) => (
            <PayCard key={o.id} o={o} onPay={setPaying} />
          ))}
        </div>
      </PagedView>
      <Sheet open={paying !== null} title={t('nft.mine.payTitle')} onClose={() => setPaying(null)}>
        {paying && (
          <div className={nft.sheetBody} data-testid="nft-pay-sheet">
            <p>{paying.title}</p>
            <div className={nft.bigPrice}>
              <b className="num">{formatAmount(paying.due, paying.decimals, fmt.lang)}</b> <small>{paying.currency}</small>
            </div>
            <p className={nft.note}>{t('nft.mine.payNote')}</p>
            <Button block busy={submit.busy} onClick={() => void pay()} data-testid="nft-pay-confirm">
              {t('nft.mine.payConfirm')}
            </Button>
          </div>
        )}
      </Sheet>
    </>
  );
}

function Messages() {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const list = usePages('/bind_box/getNFTOrderMessage', {});
  const { update } = list;
  const unread = useQuery(apiQuery('/bind_box/getNFTOrderMessage', { page: '1', limit: '1' }, { silent: true })).data?.unread ?? 0;
  const markRead = async (item: NotificationItem) => {
    update((items) => items.map((n) => (n.id === item.id ? { ...n, read: true } : n)));
    try {
      await call('/bind_box/readNFTOrderMessage', { id: String(item.id) });
    } catch {
      update((items) => items.map((n) => (n.id === item.id ? { ...n, read: false } : n)));
    }
    void invalidate('notifications', 'nft');
  };
  const markAll = async () => {
    try {
      await call('/bind_box/readNFTOrderMessage', {});
    } catch {
      return;
    }
    update((items) => items.map((n) => (n.read ? n : { ...n, read: true })));
    void invalidate('notifications', 'nft');
  };
  const anyUnread = unread > 0 || list.items.some((n) => !n.read);
  return (
    <>
      <div className={styles.messagesHead}>
        <span className={nft.muted} data-testid="nft-unread">
          {t('nft.mine.unread', { n: unread })}
        </span>
        <button type="button" className={nft.moreLink} onClick={() => void markAll()} disabled={!anyUnread} data-testid="nft-read-all">
          <CheckCheck size={16} /> {t('notifications.markAllRead')}
        </button>
      </div>
      <PagedView list={list} emptyText={t('nft.mine.noMessages')}>
        <NotificationList items={list.items} onRead={(item) => void markRead(item)} testId="nft-message" />
      </PagedView>
    </>
  );
}

export default function MinePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(raw ?? '') ? (raw as Tab) : 'bids';
  return (
    <Page title={pageTitle(t, { area: 'nft', page: 'mine' })}>
      <div className={`${nft.sticky} ${nft.tabs}`}>
        <Tabs
          items={TABS.map((key) => ({ key, label: t(`nft.mine.tabs.${key}`) }))}
          value={tab}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
        />
      </div>
      {tab === 'bids' ? <Bids /> : tab === 'pay' ? <ToPay /> : <Messages />}
    </Page>
  );
}
