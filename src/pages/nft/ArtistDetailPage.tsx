/**
 * An artist (spec §2 `nft/artistDetail?id=`, issue 14): avatar, bio, counts, their collections
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
import styles from './Nft.module.css';

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
        <div className={styles.detail}>
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
      <section className={styles.artistHero} data-testid="nft-artist-detail" data-id={a.id}>
        <img className={styles.avatarLarge} src={a.avatar} alt="" />
        <h1 className={styles.title}>{a.name}</h1>
        <p className={styles.bio}>{a.bio}</p>
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
          <h2 className={styles.sectionTitle}>{t('nft.artist.collections')}</h2>
          <div className={styles.strip}>
            {a.collection_list.map((c) => (
              <CollectionCard key={c.id} c={c} />
            ))}
          </div>
        </>
      )}
      <h2 className={styles.sectionTitle}>{t('nft.artist.works')}</h2>
      <ArtworkList filter={{ artist_id: String(a.id), all: '1' }} scroller={scroller} />
    </Page>
  );
}
