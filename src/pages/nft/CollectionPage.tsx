/**
 * Collections (the page `nft/collection`): every collection, or with `?id=` one
 * collection (its cover, artist and description) with its artworks on the grid.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { PAGE_SIZE_MAX } from '../../../domain/api/envelope';
import { apiQuery } from '../../api/queries';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { ArtworkList, CollectionList } from './lists';
import nft from './Nft.module.css';
import styles from './CollectionPage.module.css';
import { pagePath } from '../../paths';

const ID = /^[1-9]\d{0,8}$/;

function OneCollection({ id }: { id: number }) {
  const { t } = useTranslation();
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  // NOTE: there is no endpoint for one collection: it is found in the list (there are few).
  const { data } = useQuery(apiQuery('/bind_box/getCollection', { page: '1', limit: String(PAGE_SIZE_MAX) }));
  const c = data?.data.find((x) => x.id === id);
  return (
    <Page title={c?.name ?? pageTitle(t, { area: 'nft', page: 'collection' })} bodyRef={setScroller}>
      {c && (
        <section className={nft.collectionHero} data-testid="nft-collection-detail" data-id={c.id}>
          <img className={styles.collectionHeroCover} src={c.cover} alt="" />
          <h1 className={nft.title}>{c.name}</h1>
          {c.artist_id !== null && c.artist && (
            <Link to={pagePath('nft', 'artistDetail', { id: c.artist_id })} className={nft.inlineLink}>
              {c.artist}
            </Link>
          )}
          <p className={nft.bio}>{c.description}</p>
          <span className={nft.muted}>{t('nft.collection.works', { count: c.works })}</span>
        </section>
      )}
      <ArtworkList filter={{ collection_id: String(id), all: '1' }} scroller={scroller} />
    </Page>
  );
}

export default function CollectionPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  if (ID.test(id)) return <OneCollection id={Number(id)} />;
  return (
    <Page title={pageTitle(t, { area: 'nft', page: 'collection' })}>
      <CollectionList />
    </Page>
  );
}
