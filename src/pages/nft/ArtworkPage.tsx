/**
 * An artwork's page (the page `nft/artworkDetail?id=` for image, gif and audio,
 * `nft/artworkDetail_video?id=` for video): the media in the browser's own player
 * (<img>, <audio controls> under its cover, <video controls playsInline> with its poster; a
 * broken audio file says "audio file error", inline and as a toast, from the element's `error`
 * event), rarity, code, title, artist, collection, creator, owner, the collect (like) toggle,
 * the description, the sale panel (fixed price or live auction, or "Resell" for its owner) and
 * the latest bids.
 */
import { useQuery } from '@tanstack/react-query';
import { Heart, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { NftArtworkDetail } from '../../../domain/nft/types';
import { apiQuery, useInvalidate } from '../../api/queries';
import { call } from '../../api/request';
import { sessionState } from '../../state/session';
import { showToast } from '../../state/ui';
import { Empty } from '../../ui/Empty';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { Skeleton, SkeletonGroup } from '../../ui/Skeleton';
import { RarityBadge, TypeBadge, useGoLogin } from './parts';
import { SalePanel } from './SalePanel';
import nft from './Nft.module.css';
import styles from './ArtworkPage.module.css';
import { Term } from '../../ui/Term';
import { pagePath } from '../../paths';

const ID = /^[1-9]\d{0,8}$/;

/** The artwork itself, played by the browser's own element. */
function Media({ a }: { a: NftArtworkDetail }) {
  const { t } = useTranslation();
  const [audioError, setAudioError] = useState(false);
  if (a.type === 'video')
    return (
      <div className={nft.stage}>
        <video
          className={styles.video}
          src={a.media}
          poster={a.poster ?? undefined}
          controls
          playsInline
          preload="metadata"
          data-testid="nft-video"
        />
      </div>
    );
  if (a.type === 'audio')
    return (
      <div className={nft.stage}>
        {a.poster && <img className={nft.stageImage} src={a.poster} alt={a.title} />}
        <div className={styles.audioBar}>
          <audio
            src={a.media}
            controls
            preload="metadata"
            data-testid="nft-audio"
            onError={() => {
              setAudioError(true);
              showToast(t('nft.audioError'));
            }}
          />
          {audioError && (
            <p className={styles.mediaError} role="alert" data-testid="nft-audio-error">
              <TriangleAlert size={14} /> {t('nft.audioError')}
            </p>
          )}
        </div>
      </div>
    );
  return (
    <div className={nft.stage}>
      <img className={nft.stageImage} src={a.media} alt={a.title} data-testid="nft-image" />
    </div>
  );
}

/** Collect (like) with its count; signed out it leads to the login page and back. */
function CollectButton({ a }: { a: NftArtworkDetail }) {
  const { t } = useTranslation();
  const session = useSnapshot(sessionState);
  const goLogin = useGoLogin();
  const invalidate = useInvalidate();
  const [state, setState] = useState<{ collected: boolean; collects: number } | null>(null);
  const collected = state?.collected ?? a.collected ?? false;
  const collects = state?.collects ?? a.collects;
  const toggle = async () => {
    if (!session.token) return goLogin();
    try {
      const answer = await call('/bind_box/collect', { id: String(a.id), collect: collected ? '0' : '1' });
      setState({ collected: answer.collected, collects: answer.collects });
      void invalidate('nft');
    } catch {
      // The call's toast says why.
    }
  };
  return (
    <button
      type="button"
      className={`${styles.collect} ${collected ? styles.collectOn : ''}`}
      aria-pressed={collected}
      onClick={() => void toggle()}
      data-testid="nft-collect"
    >
      <Heart size={18} fill={collected ? 'currentColor' : 'none'} />
      <span className="num" data-testid="nft-collects">
        {collects}
      </span>
      <span className={styles.srOnly}>{t(collected ? 'nft.uncollect' : 'nft.collect')}</span>
    </button>
  );
}

export default function ArtworkPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const valid = ID.test(id);
  const page = pathname.endsWith('_video') ? 'artworkDetail_video' : 'artworkDetail';
  const title = pageTitle(t, { area: 'nft', page });
  const { data: a, isPending } = useQuery({
    ...apiQuery('/bind_box/getBoxDetail', { id: valid ? id : '1' }, { silent: true }),
    enabled: valid,
  });
  if (valid && isPending)
    return (
      <Page title={title}>
        <SkeletonGroup className={nft.detail}>
          <Skeleton height={340} />
          <Skeleton height={120} />
          <Skeleton height={200} />
        </SkeletonGroup>
      </Page>
    );
  if (!valid || !a)
    return (
      <Page title={title}>
        <Empty text={t('nft.noArtwork')} />
      </Page>
    );
  return (
    <Page title={title}>
      <div className={nft.detail} data-testid="nft-artwork" data-id={a.id} data-code={a.code} data-type={a.type}>
        <Media a={a} />
        <section className={nft.panel}>
          <div className={styles.titleRow}>
            <div className={styles.titleText}>
              <div className={nft.badgeRow}>
                <RarityBadge rarity={a.rarity} large />
                <TypeBadge type={a.type} />
                <span className={`${styles.code} num`} data-testid="nft-code">
                  {a.code}
                </span>
              </div>
              <h1 className={nft.title}>{a.title}</h1>
            </div>
            <CollectButton a={a} />
          </div>
          <dl className={nft.facts}>
            <div>
              <dt>{t('nft.artistLabel')}</dt>
              <dd>
                <Link to={pagePath('nft', 'artistDetail', { id: a.artist_id })} className={nft.inlineLink} data-testid="nft-artist-link">
                  <img className={styles.avatarSmall} src={a.artist_avatar} alt="" />
                  {a.artist}
                </Link>
              </dd>
            </div>
            {a.collection_id !== null && a.collection && (
              <div>
                <dt>{t('nft.collectionLabel')}</dt>
                <dd>
                  <Link to={pagePath('nft', 'collection', { id: a.collection_id })} className={nft.inlineLink}>
                    {a.collection}
                  </Link>
                </dd>
              </div>
            )}
            <div>
              <dt>{t('nft.creator')}</dt>
              <dd>{a.creator}</dd>
            </div>
            <div>
              <dt>{t('nft.owner')}</dt>
              <dd data-testid="nft-owner">{a.owned ? t('nft.you') : (a.owner ?? a.artist)}</dd>
            </div>
            {a.edition !== null && <Term label={t('nft.edition')}>{t('nft.number', { n: a.edition })}</Term>}
          </dl>
        </section>
        <SalePanel a={a} />
        <section className={nft.panel}>
          <h2 className={nft.panelTitle}>{t('nft.description')}</h2>
          <p className={nft.description}>{a.description}</p>
        </section>
      </div>
    </Page>
  );
}
