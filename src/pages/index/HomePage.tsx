import { useQuery } from '@tanstack/react-query';
import { Globe, Headset, Megaphone, Search, UserRound } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { topics } from '../../../domain/protocol';
import { sessionState } from '../../state/session';
import { siteState } from '../../state/site';
import { FeedBanner } from '../../ui/FeedBanner';
import { Page } from '../../ui/Page';
import { useTopics } from '../../ui/useTopics';
import { notificationState } from '../../state/notifications';
import { NoticePopup } from './NoticePopup';
import { BannerCarousel } from './BannerCarousel';
import { bannerQuery, newsQuery } from './firstData';
import { MarketCards } from './MarketCards';
import { NewsList } from './NewsList';
import { ShortcutGrid } from './ShortcutGrid';
import { TopMovers } from './TopMovers';
import styles from './HomePage.module.css';
import { pagePath } from '../../paths';

const QUOTES = [topics.quotes()];
/** Fetched when the globe is first tapped: the sheet is not part of what the home page shows first (bench/ B7). */
const LanguageSheet = lazy(() => import('../../ui/LanguageSheet').then((m) => ({ default: m.LanguageSheet })));

export default function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const site = useSnapshot(siteState);
  const { token } = useSnapshot(sessionState);
  const [langOpen, setLangOpen] = useState(false);
  const { unread } = useSnapshot(notificationState);
  const banners = useQuery(bannerQuery);
  const news = useQuery(newsQuery);
  useTopics(QUOTES);

  const header = (
    <header className={styles.header}>
      <div className={styles.brand}>
        <img src={site.logo} alt="" className={styles.logo} />
        <h1 className={styles.siteName}>{site.site_name}</h1>
      </div>
      <div className={styles.actions}>
        <Link to={pagePath('market', 'search')} className={styles.iconButton} aria-label={t('market.search')}>
          <Search size={20} />
        </Link>
        {/* Customer service from the header, as the leading apps have it: the floating button
            stays off pages whose rows leave it no clear spot, home among them. */}
        <Link to={pagePath('kefu', 'index')} className={styles.iconButton} aria-label={t('pages.kefu.index')} data-testid="home-support">
          <Headset size={20} />
        </Link>
        <button type="button" className={styles.iconButton} onClick={() => setLangOpen(true)} aria-label={t('common.language')}>
          <Globe size={20} />
        </button>
        <button
          type="button"
          className={styles.iconButton}
          data-testid="account-button"
          onClick={() => navigate(token ? pagePath('setting', 'setting') : pagePath('common', 'login'))}
          aria-label={t(token ? 'home.account' : 'auth.login')}
        >
          <UserRound size={20} />
          {token && unread > 0 && <span className={styles.dot} data-testid="unread-dot" />}
        </button>
      </div>
    </header>
  );

  const latest = news.data?.data[0];
  return (
    <Page header={header}>
      <FeedBanner />
      <BannerCarousel items={banners.data?.data ?? []} />
      {latest ? (
        <Link to={pagePath('common', 'article', { id: latest.id })} className={styles.notice}>
          <Megaphone size={16} className={styles.noticeIcon} />
          <span className={styles.noticeText}>{latest.title}</span>
        </Link>
      ) : (
        // The notice line's place is kept while the news loads: nothing below it jumps 48 px.
        news.isPending && <div className={styles.notice} aria-hidden="true" />
      )}
      <MarketCards />
      <ShortcutGrid />
      <TopMovers />
      <NewsList items={news.data?.data ?? []} loading={news.isPending} />
      {langOpen && (
        <Suspense fallback={null}>
          <LanguageSheet open onClose={() => setLangOpen(false)} />
        </Suspense>
      )}
      <NoticePopup />
    </Page>
  );
}
