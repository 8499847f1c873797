/**
 * Coupons (setting/coupon): the coupon center (`?tab=center`: claimable
 * kinds as ticket cards with value, type, rules, quantity left, window and a claim button) and my
 * coupons (`?tab=mine&state=usable|used|expired`: each with what is left, its expiry and uses).
 */
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { COUPON_STATES, type CouponItem, type CouponKindView, type CouponState } from '../../../domain/rewards/types';
import { apiQuery, useInvalidate, usePages } from '../../api/queries';
import { showToast } from '../../state/ui';
import { pagePath, tradeHubPath } from '../../paths';
import { Button } from '../../ui/Button';
import { Empty } from '../../ui/Empty';
import { Page } from '../../ui/Page';
import { PagedView } from '../../ui/PagedView';
import { pageTitle } from '../../ui/pageTitle';
import { Skeleton } from '../../ui/Skeleton';
import { Tabs } from '../../ui/Tabs';
import { useFormat } from '../../ui/useFormat';
import { useIdempotentSubmit } from '../../ui/useIdempotentSubmit';
import { useTimeText } from '../../ui/useTimeText';
import styles from './Rewards.module.css';

type Tab = 'center' | 'mine';

function rule(
  t: TFunction,
  c: { type: CouponKindView['type']; value: string; currency: string; threshold: string | null },
  amount: (v: string) => string,
) {
  return c.type === 'futures_fee'
    ? t('rewards.coupon.rule.futures_fee', { value: amount(c.value), currency: c.currency })
    : t('rewards.coupon.rule.deposit_bonus', { value: amount(c.value), currency: c.currency, threshold: amount(c.threshold ?? '0') });
}

function KindCard({ kind }: { kind: CouponKindView }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const time = useTimeText();
  const invalidate = useInvalidate();
  const { run, busy } = useIdempotentSubmit('/rewards/coupons/claim');
  const amount = (v: string) => fmt.amount(v, kind.currency);
  const claim = async () => {
    const answer = await run({ kind_id: String(kind.id) });
    if (answer) {
      showToast(t('rewards.coupon.claimedToast'));
      await invalidate('rewards');
    }
  };
  const label = kind.claimed_by_me
    ? t('rewards.coupon.claimed')
    : kind.status === 'sold_out'
      ? t('rewards.coupon.soldOut')
      : kind.status === 'upcoming'
        ? t('rewards.coupon.upcoming', { date: time(kind.claim_start, 'MM-DD HH:mm') })
        : kind.status === 'ended'
          ? t('rewards.coupon.ended')
          : t('rewards.coupon.claim');
  const left = kind.total ? Math.round((kind.remaining / kind.total) * 100) : 0;
  return (
    <article className={`${styles.ticket} ${styles[kind.type]}`} data-testid="coupon-kind" data-id={kind.id} data-status={kind.status}>
      <div className={styles.stub}>
        <b className="num">{amount(kind.value)}</b>
        <span>{kind.currency}</span>
      </div>
      <div className={styles.ticketBody}>
        <b className={styles.ticketTitle}>{t(`rewards.coupon.type.${kind.type}`)}</b>
        <p className={styles.ticketRule}>{rule(t, kind, amount)}</p>
        <span className={styles.muted}>{t('rewards.coupon.validDays', { n: kind.valid_days })}</span>
        <span className={`${styles.muted} num`}>{t('rewards.coupon.window', { date: time(kind.claim_end, 'YYYY-MM-DD HH:mm') })}</span>
        <div className={styles.ticketFoot}>
          <div className={styles.meter}>
            <div className={styles.progress}>
              <span style={{ width: `${left}%` }} />
            </div>
            <span className={`${styles.muted} num`} data-testid="coupon-left">
              {t('rewards.coupon.left', { remaining: fmt.number(kind.remaining), total: fmt.number(kind.total) })}
            </span>
          </div>
          <Button
            className={styles.claim}
            disabled={kind.claimed_by_me || kind.status !== 'open'}
            busy={busy}
            onClick={() => void claim()}
            data-testid="coupon-claim"
          >
            {label}
          </Button>
        </div>
      </div>
    </article>
  );
}

function CouponCard({ coupon }: { coupon: CouponItem }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const time = useTimeText();
  const navigate = useNavigate();
  const amount = (v: string) => fmt.amount(v, coupon.currency);
  const usable = coupon.state === 'usable';
  const when =
    coupon.state === 'usable'
      ? t('rewards.coupon.expires', { date: time(coupon.expires_at, 'YYYY-MM-DD HH:mm') })
      : coupon.state === 'expired'
        ? t('rewards.coupon.expiredOn', { date: time(coupon.expires_at, 'YYYY-MM-DD HH:mm') })
        : t('rewards.coupon.usedOn', { date: time(coupon.used_at ?? coupon.created_at, 'YYYY-MM-DD HH:mm') });
  return (
    <article
      className={`${styles.ticket} ${styles[coupon.type]} ${usable ? '' : styles.spent}`}
      data-testid="my-coupon"
      data-id={coupon.id}
      data-state={coupon.state}
    >
      <div className={styles.stub}>
        <b className="num">{amount(coupon.value)}</b>
        <span>{coupon.currency}</span>
      </div>
      <div className={styles.ticketBody}>
        <b className={styles.ticketTitle}>
          {t(`rewards.coupon.type.${coupon.type}`)}
          {coupon.source === 'grant' && (
            <span className={styles.chip}>
              <Gift size={12} /> {t('rewards.coupon.granted')}
            </span>
          )}
        </b>
        <p className={styles.ticketRule}>{rule(t, coupon, amount)}</p>
        <span className={`${styles.muted} num`} data-testid="my-coupon-remaining">
          {t('rewards.coupon.remaining', { amount: amount(coupon.remaining), currency: coupon.currency })} ·{' '}
          {t('rewards.coupon.uses', { n: coupon.uses })}
        </span>
        <div className={styles.ticketFoot}>
          <span className={styles.muted}>{when}</span>
          {usable ? (
            <Button
              className={styles.claim}
              variant="secondary"
              onClick={() => navigate(coupon.type === 'futures_fee' ? tradeHubPath('futures') : pagePath('fund', 'receive'))}
            >
              {t('rewards.coupon.useNow')}
            </Button>
          ) : (
            <span className={`${styles.stamp} ${styles[coupon.state]}`} data-testid="my-coupon-state">
              {t(`rewards.coupon.state.${coupon.state}`)}
            </span>
          )}
        </div>
      </div>
    </article>
  );
}

function Center() {
  const { t } = useTranslation();
  const { data, isPending } = useQuery(apiQuery('/rewards/coupons/center'));
  if (isPending)
    return (
      <div className={styles.list}>
        {[0, 1].map((i) => (
          <Skeleton key={i} height={132} />
        ))}
      </div>
    );
  if (!data?.length) return <Empty text={t('rewards.coupon.noCenter')} />;
  return (
    <div className={styles.list}>
      {data.map((k) => (
        <KindCard key={k.id} kind={k} />
      ))}
    </div>
  );
}

function Mine({ state, onState }: { state: CouponState; onState: (s: CouponState) => void }) {
  const { t } = useTranslation();
  const list = usePages('/rewards/coupons', { state });
  return (
    <>
      <div className={styles.subTabs}>
        <Tabs
          variant="pill"
          items={COUPON_STATES.map((s) => ({ key: s, label: t(`rewards.coupon.state.${s}`) }))}
          value={state}
          onChange={onState}
        />
      </div>
      <PagedView list={list} emptyText={t('rewards.coupon.noMine')}>
        <div className={styles.list}>
          {list.items.map((c) => (
            <CouponCard key={c.id} coupon={c} />
          ))}
        </div>
      </PagedView>
    </>
  );
}

export default function CouponPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'mine' ? 'mine' : 'center';
  const rawState = params.get('state');
  const state: CouponState = (COUPON_STATES as readonly string[]).includes(rawState ?? '') ? (rawState as CouponState) : 'usable';
  return (
    <Page title={pageTitle(t, { area: 'setting', page: 'coupon' })}>
      <div className={`${styles.hero} ${styles.heroCoupon}`}>
        <h2>{t('rewards.coupon.heroTitle')}</h2>
        <p>{t('rewards.coupon.heroText')}</p>
      </div>
      <div className={styles.tabs}>
        <Tabs
          items={[
            { key: 'center', label: t('rewards.coupon.tabs.center') },
            { key: 'mine', label: t('rewards.coupon.tabs.mine') },
          ]}
          value={tab}
          onChange={(k) => setParams({ tab: k }, { replace: true })}
        />
      </div>
      {tab === 'center' ? <Center /> : <Mine state={state} onState={(s) => setParams({ tab: 'mine', state: s }, { replace: true })} />}
    </Page>
  );
}
