/**
 * The NFT lists the market's tabs and the catalogue pages share: artworks in the virtual grid,
 * blind boxes, artists and collections, each paged from its `/bind_box` endpoint.
 */
import { ChevronRight, Package } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatAmount } from '../../../domain/format';
import {
  NFT_RARITIES,
  NFT_SORTS,
  NFT_TYPES,
  type NftArtist,
  type NftBlindBox,
  type NftCollection,
  type NftRarity,
  type NftSort,
  type NftType,
} from '../../../domain/nft/types';
import type { FilterOf } from '../../api/queryKeys';
import { usePages } from '../../api/queries';
import { PagedView } from '../../ui/PagedView';
import { useFormat } from '../../ui/useFormat';
import { ArtworkGrid, SaleCountdown } from './parts';
import nft from './Nft.module.css';
import cards from './cards.module.css';
import styles from './lists.module.css';
import { pagePath } from '../../paths';

/** A query parameter's value when it is one of `all`, else `fallback`. */
export const pick = <T extends string>(all: readonly T[], value: string | null, fallback: T): T =>
  (all as readonly string[]).includes(value ?? '') ? (value as T) : fallback;

/** Type chips and the sort of the artwork tabs. */
export function ArtworkFilters({
  type,
  sort,
  onChange,
  rarity,
  onRarity,
}: {
  type: NftType | 'all';
  sort: NftSort;
  onChange: (next: { type: NftType | 'all'; sort: NftSort }) => void;
  /** A rarity filter too (the all-artworks page). */
  rarity?: NftRarity | 'all';
  onRarity?: (rarity: NftRarity | 'all') => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={cards.filters}>
      <div className={cards.chips} role="radiogroup" aria-label={t('nft.typeLabel')}>
        {(['all', ...NFT_TYPES] as const).map((key) => (
          <button
            key={key}
            type="button"
            role="radio"
            aria-checked={type === key}
            className={`${cards.chip} ${type === key ? styles.chipOn : ''}`}
            onClick={() => onChange({ type: key, sort })}
            data-testid={`nft-type-${key}`}
          >
            {t(`nft.types.${key}`)}
          </button>
        ))}
      </div>
      <select
        className={styles.sort}
        value={sort}
        aria-label={t('nft.sortLabel')}
        onChange={(e) => onChange({ type, sort: pick(NFT_SORTS, e.target.value, 'newest') })}
        data-testid="nft-sort"
      >
        {NFT_SORTS.map((key) => (
          <option key={key} value={key}>
            {t(`nft.sort.${key}`)}
          </option>
        ))}
      </select>
      {rarity !== undefined && onRarity && (
        <div className={cards.chips} role="radiogroup" aria-label={t('nft.rarityLabel')}>
          {(['all', ...NFT_RARITIES] as const).map((key) => (
            <button
              key={key}
              type="button"
              role="radio"
              aria-checked={rarity === key}
              className={`${cards.chip} ${rarity === key ? styles.chipOn : ''}`}
              onClick={() => onRarity(key)}
              data-testid={`nft-rarity-${key}`}
            >
              {key === 'all' ? t('nft.allRarities') : key}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

/** Artworks on a grid a page of 20 at a time. */
export function ArtworkList({ filter, scroller }: { filter: FilterOf<'/bind_box/getBoxList'>; scroller: HTMLDivElement | null }) {
  const { t } = useTranslation();
  const list = usePages('/bind_box/getBoxList', filter);
  return (
    <PagedView list={list} emptyText={t('nft.noArtworks')}>
      <ArtworkGrid items={list.items} scroller={scroller} />
    </PagedView>
  );
}

/** A blind box's card: cover, name, price, what is left and its window. */
export function BoxCard({ b }: { b: NftBlindBox }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <Link to={pagePath('nft', 'purchase', { box: b.id })} className={styles.boxCard} data-testid="nft-box-card" data-id={b.id}>
      <img className={styles.boxCover} src={b.cover} alt="" loading="lazy" />
      <div className={styles.boxBody}>
        <b className={cards.cardTitle}>
          <Package size={14} /> {b.name}
        </b>
        {b.artist && <span className={cards.cardArtist}>{b.artist}</span>}
        <span className={cards.cardPrice}>
          <b className="num">{formatAmount(b.price, b.decimals, fmt.lang)}</b> <small>{b.currency}</small>
        </span>
        <span className={nft.muted}>{t('nft.box.remainingOf', { remaining: b.remaining, total: b.total })}</span>
        {b.window === 2 ? (
          <SaleCountdown to={b.starts_at} label="startsIn" />
        ) : b.window === 1 ? (
          <SaleCountdown to={b.ends_at} label="endsIn" />
        ) : (
          <span className={nft.countdown}>{t('nft.saleClosed')}</span>
        )}
      </div>
    </Link>
  );
}

export function BoxList() {
  const { t } = useTranslation();
  const list = usePages('/bind_box/getBlindBoxes', {});
  return (
    <PagedView list={list} emptyText={t('nft.box.none')}>
      <div className={nft.stack}>
        {list.items.map((b) => (
          <BoxCard key={b.id} b={b} />
        ))}
      </div>
    </PagedView>
  );
}

export function ArtistRow({ a }: { a: NftArtist }) {
  const { t } = useTranslation();
  return (
    <Link to={pagePath('nft', 'artistDetail', { id: a.id })} className={styles.artistRow} data-testid="nft-artist" data-id={a.id}>
      <img className={styles.avatar} src={a.avatar} alt="" loading="lazy" />
      <span className={styles.artistText}>
        <b>{a.name}</b>
        <span className={nft.muted}>
          {t('nft.artist.worksN', { count: a.works })} · {t('nft.artist.collectionsN', { count: a.collections })}
        </span>
      </span>
      <ChevronRight size={18} className={styles.chevron} />
    </Link>
  );
}

export function ArtistList({ q }: { q?: string }) {
  const { t } = useTranslation();
  const list = usePages('/bind_box/getArtist', q ? { q } : {});
  return (
    <PagedView list={list} emptyText={t('nft.artist.none')}>
      <div className={styles.rows}>
        {list.items.map((a) => (
          <ArtistRow key={a.id} a={a} />
        ))}
      </div>
    </PagedView>
  );
}

export function CollectionCard({ c, wide }: { c: NftCollection; wide?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      to={pagePath('nft', 'collection', { id: c.id })}
      className={`${styles.collection} ${wide ? styles.collectionWide : ''}`}
      data-testid="nft-collection"
      data-id={c.id}
    >
      <img className={styles.collectionCover} src={c.cover} alt="" loading="lazy" />
      <span className={styles.collectionText}>
        <b>{c.name}</b>
        <span className={nft.muted}>
          {c.artist ? `${c.artist} · ` : ''}
          {t('nft.collection.works', { count: c.works })}
        </span>
      </span>
    </Link>
  );
}

export function CollectionList() {
  const { t } = useTranslation();
  const list = usePages('/bind_box/getCollection', {});
  return (
    <PagedView list={list} emptyText={t('nft.collection.none')}>
      <div className={nft.stack}>
        {list.items.map((c) => (
          <CollectionCard key={c.id} c={c} wide />
        ))}
      </div>
    </PagedView>
  );
}
