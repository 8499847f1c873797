/**
 * The NFT market (the page `nft/nft`): a search entry; tabs Market (fixed price),
 * Auctions, Blind boxes, Artists and Collections (`?tab=`); on the artwork tabs, media-type chips
 * (`?type=`) and a sort (`?sort=`) over a 2-column virtual grid of cards. Works signed out (every
 * list is public); "My NFTs" and the NFT centre sit in the header.
 */
import { LayoutGrid, Search, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { NFT_SORTS, NFT_TYPES } from '../../../domain/nft/types';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { Tabs } from '../../ui/Tabs';
import { ArtistList, ArtworkFilters, ArtworkList, BoxList, CollectionList, pick } from './lists';
import nft from './Nft.module.css';
import styles from './MarketPage.module.css';
import { pagePath } from '../../paths';

const TABS = ['market', 'auctions', 'boxes', 'artists', 'collections'] as const;

export default function MarketPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = pick(TABS, params.get('tab'), 'market');
  const type = pick(['all', ...NFT_TYPES] as const, params.get('type'), 'all');
  const sort = pick(NFT_SORTS, params.get('sort'), tab === 'auctions' ? 'ending' : 'newest');
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const artworks = tab === 'market' || tab === 'auctions';
  return (
    <Page
      title={pageTitle(t, { area: 'nft', page: 'nft' })}
      right={
        <span className={styles.headLinks}>
          <Link to={pagePath('nft', 'myNft')} aria-label={t('nft.myNfts')} title={t('nft.myNfts')} data-testid="nft-my">
            <LayoutGrid size={20} />
          </Link>
          <Link to={pagePath('nft', 'mine')} aria-label={t('nft.center')} title={t('nft.center')} data-testid="nft-center">
            <UserRound size={20} />
          </Link>
        </span>
      }
      bodyRef={setScroller}
    >
      <Link to={pagePath('nft', 'search')} className={nft.searchEntry} data-testid="nft-search-entry">
        <Search size={16} /> <span>{t('nft.searchPlaceholder')}</span>
      </Link>
      <div className={nft.sticky}>
        <div className={nft.tabs}>
          <Tabs
            items={TABS.map((key) => ({ key, label: t(`nft.tabs.${key}`) }))}
            value={tab}
            onChange={(key) => {
              setParams({ tab: key }, { replace: true });
              scroller?.scrollTo({ top: 0 });
            }}
          />
        </div>
        {artworks && (
          <ArtworkFilters
            type={type}
            sort={sort}
            onChange={(next) => setParams({ tab, type: next.type, sort: next.sort }, { replace: true })}
          />
        )}
      </div>
      {artworks ? (
        <ArtworkList
          key={`${tab}:${type}:${sort}`}
          filter={{ mode: tab === 'auctions' ? 'auction' : 'normal', sort, ...(type !== 'all' && { type }) }}
          scroller={scroller}
        />
      ) : tab === 'boxes' ? (
        <BoxList />
      ) : tab === 'artists' ? (
        <ArtistList />
      ) : (
        <CollectionList />
      )}
    </Page>
  );
}
