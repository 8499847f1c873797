/**
 * Every artwork (`nft/artwork`, getBoxList `all`=1), for sale or not, with the
 * media-type and rarity filters and the sort (`?type=`, `?rarity=`, `?sort=`).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { NFT_RARITIES, NFT_SORTS, NFT_TYPES } from '../../../domain/nft/types';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { ArtworkFilters, ArtworkList, pick } from './lists';
import styles from './Nft.module.css';

export default function ArtworksPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const type = pick(['all', ...NFT_TYPES] as const, params.get('type'), 'all');
  const rarity = pick(['all', ...NFT_RARITIES] as const, params.get('rarity'), 'all');
  const sort = pick(NFT_SORTS, params.get('sort'), 'newest');
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  return (
    <Page title={pageTitle(t, { area: 'nft', page: 'artwork' })} bodyRef={setScroller}>
      <div className={styles.sticky}>
        <ArtworkFilters
          type={type}
          sort={sort}
          onChange={(next) => setParams({ type: next.type, rarity, sort: next.sort }, { replace: true })}
          rarity={rarity}
          onRarity={(next) => setParams({ type, rarity: next, sort }, { replace: true })}
        />
      </div>
      <ArtworkList
        key={`${type}:${rarity}:${sort}`}
        filter={{ all: '1', sort, ...(type !== 'all' && { type }), ...(rarity !== 'all' && { rarity }) }}
        scroller={scroller}
      />
    </Page>
  );
}
