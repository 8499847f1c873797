/**
 * An artist (the page `nft/artistDetail?id=`): avatar, bio, counts, their collections
 * (a horizontal strip) and every artwork of theirs (getBoxList `artist_id`, `all`=1) on the grid.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { apiQuery } from '../../api/queries';
import { Empty } from '../../ui/Empty';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { Skeleton } from '../../ui/Skeleton';
import { ArtworkList, CollectionCard } from './lists';
import nft from './Nft.module.css';
import styles from './ArtistDetailPage.module.css';

const ID = /^[1-9]\d{0,8}$/;

export default function ArtistDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const valid = ID.test(id);
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const title = pageTitle(t, { area: 'nft', page: 'artistDetail' });
  const { data: a, isPending } = useQuery({
    ...apiQuery('/bind_box/getArtistDetail', { id: valid ? id : '1' }, { silent: true }),
    enabled: valid,
  });
  if (valid && isPending)
    return (
      <Page title={title}>
        <div className={nft.detail}>
          <Skeleton height={160} />
        </div>
      </Page>
    );
  if (!valid || !a)
    return (
      <Page title={title}>
        <Empty text={t('nft.artist.noArtist')} />
      </Page>
    );
  return (
    <Page title={title} bodyRef={setScroller}>
      <section className={nft.artistHero} data-testid="nft-artist-detail" data-id={a.id}>
        <img className={styles.avatarLarge} src={a.avatar} alt="" />
        <h1 className={nft.title}>{a.name}</h1>
        <p className={nft.bio}>{a.bio}</p>
        <div className={styles.counts}>
          <span>
            <b className="num">{a.works}</b> {t('nft.artist.works')}
          </span>
          <span>
            <b className="num">{a.collections}</b> {t('nft.artist.collections')}
          </span>
        </div>
      </section>
      {a.collection_list.length > 0 && (
        <>
          <h2 className={nft.sectionTitle}>{t('nft.artist.collections')}</h2>
          <div className={styles.strip}>
            {a.collection_list.map((c) => (
              <CollectionCard key={c.id} c={c} />
            ))}
          </div>
        </>
      )}
      <h2 className={nft.sectionTitle}>{t('nft.artist.works')}</h2>
      <ArtworkList filter={{ artist_id: String(a.id), all: '1' }} scroller={scroller} />
    </Page>
  );
}
