/**
 * Invite friends (setting/share): the invite code, link and QR code, the
 * invite and traded counts, the rebate totals, a poster drawn in the browser (saved or shared),
 * and two tabs: invite (the rules and my invitees) and rebate (`?tab=rebate`: the rebate records).
 */
import { useQuery } from '@tanstack/react-query';
import { Copy, Download, Share2, UserCheck, UserRound } from 'lucide-react';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { InviteeItem, RebateItem } from '../../../domain/rewards/types';
import { apiQuery, usePages } from '../../api/queries';
import { siteState } from '../../state/site';
import { showToast } from '../../state/ui';
import { Button } from '../../ui/Button';
import { Page } from '../../ui/Page';
import { PagedView } from '../../ui/PagedView';
import { pageTitle } from '../../ui/pageTitle';
import { ratePercent } from '../../ui/ratePercent';
import { Skeleton } from '../../ui/Skeleton';
import { Tabs } from '../../ui/Tabs';
import { useFormat } from '../../ui/useFormat';
import { useTimeText } from '../../ui/useTimeText';
import { inviteLink } from './InviteSheet';
import { drawPoster, sharePoster } from './sharePoster';
import styles from './Rewards.module.css';

type Tab = 'invite' | 'rebate';

async function copyText(text: string, done: string) {
  try {
    await navigator.clipboard.writeText(text);
    showToast(done);
  } catch {
    showToast(text);
  }
}

function InviteeRow({ item }: { item: InviteeItem }) {
  const { t } = useTranslation();
  const time = useTimeText();
  return (
    <li className={styles.row} data-testid="invitee">
      <span className={styles.avatar}>{item.traded ? <UserCheck size={18} /> : <UserRound size={18} />}</span>
      <div className={styles.rowMain}>
        <b>{item.name}</b>
        <span className={styles.muted}>{t('rewards.share.joined', { date: time(item.joined_at, 'YYYY-MM-DD') })}</span>
      </div>
      <span className={`${styles.chip} ${item.traded ? styles.chipUp : ''}`} data-testid="invitee-traded" data-traded={item.traded}>
        {item.traded ? t('rewards.share.tradedYes') : t('rewards.share.tradedNo')}
      </span>
    </li>
  );
}

function RebateRow({ item }: { item: RebateItem }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const time = useTimeText();
  return (
    <li className={styles.row} data-testid="rebate-item" data-area={item.area}>
      <div className={styles.rowMain}>
        <b>
          {t('rewards.share.feeOf', { area: t(`rewards.area.${item.area}`) })} · {item.invitee}
        </b>
        <span className={`${styles.muted} num`}>
          {t('rewards.share.feeLine', {
            fee: fmt.amount(item.fee, item.currency),
            paid: fmt.amount(item.paid, item.currency),
            currency: item.currency,
          })}
        </span>
        <span className={styles.muted}>
          {time(item.created_at)} · {t('rewards.share.rateLine', { share: ratePercent(item.share, fmt.lang) })}
        </span>
      </div>
      <b className={`${styles.amount} num up`} data-testid="rebate-amount">
        +{fmt.amount(item.amount, item.currency)} <small>{item.currency}</small>
      </b>
    </li>
  );
}

function Invitees() {
  const { t } = useTranslation();
  const list = usePages('/rewards/invitees', {});
  return (
    <section className={styles.section}>
      <h3 className={styles.sectionTitle}>
        {t('rewards.share.invitees')} <span className="num">{list.total || ''}</span>
      </h3>
      <PagedView list={list} emptyText={t('rewards.share.noInvitees')}>
        <ul className={styles.rows}>
          {list.items.map((item) => (
            <InviteeRow key={item.id} item={item} />
          ))}
        </ul>
      </PagedView>
    </section>
  );
}

function Rebates() {
  const { t } = useTranslation();
  const list = usePages('/rewards/rebates', {});
  return (
    <section className={styles.section}>
      <h3 className={styles.sectionTitle}>{t('rewards.share.records')}</h3>
      <PagedView list={list} emptyText={t('rewards.share.noRebates')}>
        <ul className={styles.rows}>
          {list.items.map((item) => (
            <RebateRow key={item.id} item={item} />
          ))}
        </ul>
      </PagedView>
    </section>
  );
}

export default function SharePage() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const site = useSnapshot(siteState);
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'rebate' ? 'rebate' : 'invite';
  const { data } = useQuery(apiQuery('/rewards/invite'));
  const [qr, setQr] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const link = data ? inviteLink(data.invite_code) : '';
  const share = data ? ratePercent(data.rebate_share, fmt.lang) : '';

  useEffect(() => {
    if (!link) return;
    void QRCode.toDataURL(link, { margin: 1, width: 480, color: { dark: '#0b0e14', light: '#ffffff' } }).then(setQr);
  }, [link]);

  const poster = async () => {
    if (!data || !qr) return;
    setBusy(true);
    try {
      const blob = await drawPoster(qr, {
        brand: site.site_name || 'Kestrel',
        logo: site.logo,
        headline: t('rewards.share.posterHeadline'),
        sub: t('rewards.share.posterSub'),
        scan: t('rewards.share.posterScan'),
        codeLabel: t('rewards.share.code'),
        code: data.invite_code,
      });
      const done = await sharePoster(blob, `invite-${data.invite_code}.png`, t('rewards.share.posterHeadline'));
      if (done === 'saved') showToast(t('rewards.share.posterSaved'));
    } finally {
      setBusy(false);
    }
  };
  const canShareFiles = typeof navigator.canShare === 'function';

  return (
    <Page title={pageTitle(t, { area: 'setting', page: 'share' })}>
      <div className={styles.hero}>
        <h2>{t('rewards.share.heroTitle')}</h2>
        <p>{data ? t('rewards.share.heroText', { share }) : ' '}</p>
      </div>

      <div className={styles.inviteCard}>
        {data ? (
          <>
            <div className={styles.qrBox}>{qr && <img src={qr} alt={t('rewards.share.link')} data-testid="share-qr" />}</div>
            <div className={styles.codeBlock}>
              <span className={styles.muted}>{t('rewards.share.code')}</span>
              <button
                type="button"
                className={styles.code}
                data-testid="share-code"
                onClick={() => void copyText(data.invite_code, t('common.copied'))}
              >
                <b className="num">{data.invite_code}</b>
                <Copy size={16} />
              </button>
              <span className={styles.muted}>{t('rewards.share.link')}</span>
              <button type="button" className={styles.linkText} onClick={() => void copyText(link, t('common.copied'))}>
                <span>{link}</span>
                <Copy size={14} />
              </button>
            </div>
            <div className={styles.stats}>
              <div>
                <b className="num" data-testid="share-invited">
                  {data.invite_count}
                </b>
                <span>{t('rewards.share.invited')}</span>
              </div>
              <div>
                <b className="num" data-testid="share-traded">
                  {data.traded_count}
                </b>
                <span>{t('rewards.share.traded')}</span>
              </div>
              <div>
                <b className="num up" data-testid="share-rebates">
                  {data.totals.length ? data.totals.map((x) => `${fmt.amount(x.amount, x.currency)} ${x.currency}`).join(' · ') : `0 USDT`}
                </b>
                <span>{t('rewards.share.rebates')}</span>
              </div>
            </div>
            <div className={styles.actions}>
              <Button variant="secondary" onClick={() => void copyText(link, t('common.copied'))}>
                <Copy size={16} /> {t('rewards.share.copyLink')}
              </Button>
              <Button onClick={() => void poster()} busy={busy} disabled={!qr} data-testid="share-poster">
                {canShareFiles ? <Share2 size={16} /> : <Download size={16} />}{' '}
                {canShareFiles ? t('rewards.share.sharePoster') : t('rewards.share.savePoster')}
              </Button>
            </div>
          </>
        ) : (
          <Skeleton height={420} />
        )}
      </div>

      <div className={styles.tabs}>
        <Tabs
          items={[
            { key: 'invite', label: t('rewards.share.tabs.invite') },
            { key: 'rebate', label: t('rewards.share.tabs.rebate') },
          ]}
          value={tab}
          onChange={(k) => setParams({ tab: k }, { replace: true })}
        />
      </div>
      {tab === 'invite' ? (
        <>
          <section className={styles.section}>
            <h3 className={styles.sectionTitle}>{t('rewards.share.rulesTitle')}</h3>
            <ol className={styles.steps}>
              <li>{t('rewards.share.rule1')}</li>
              <li>{t('rewards.share.rule2')}</li>
              <li>{t('rewards.share.rule3', { share })}</li>
            </ol>
          </section>
          <Invitees />
        </>
      ) : (
        <Rebates />
      )}
    </Page>
  );
}
