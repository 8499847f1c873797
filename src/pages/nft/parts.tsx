/**
 * Pieces the NFT screens share: the rarity and media-type badges, an artwork's thumbnail (the
 * poster for audio and video, the picture itself otherwise, loaded lazily), the sale's countdown,
 * the artwork card of the grids, the 2-column virtual grid, and the way to an artwork's page by
 * its type.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useState } from 'react';
import { Film, Image as ImageIcon, Music, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { formatAmount } from '../../../domain/format';
import { ACCOUNTS } from '../../../domain/funds/formulas';
import type { NftArtwork, NftRarity, NftSale, NftType } from '../../../domain/nft/types';
import { LOGIN_PATH } from '../../api/request';
import { privateState } from '../../state/market';
import { countdownParts, useSecondTick } from '../../ui/useSecondTick';
import { useFormat } from '../../ui/useFormat';
import nft from './Nft.module.css';
import cards from './cards.module.css';
import styles from './parts.module.css';

/** An artwork's page: the video one for videos (the page `artworkDetail_video`), else `artworkDetail`. */
import { pagePath } from '../../paths';
export function artworkPath(a: { id: number; type: NftType }): string {
  return pagePath('nft', a.type === 'video' ? 'artworkDetail_video' : 'artworkDetail', { id: a.id });
}

/** The login page, coming back here afterwards. */
export function useGoLogin(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return () => void navigate(`${LOGIN_PATH}?redirect=${encodeURIComponent(location.pathname + location.search)}`);
}

export function RarityBadge({ rarity, large }: { rarity: NftRarity; large?: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className={`${styles.rarity} ${styles[`r${rarity}`]} ${large ? styles.rarityLarge : ''}`}
      title={t(`nft.rarityName.${rarity}`)}
      data-testid="nft-rarity"
      data-rarity={rarity}
    >
      {rarity}
    </span>
  );
}

const TYPE_ICONS = { image: ImageIcon, gif: Sparkles, audio: Music, video: Film } as const;

export function TypeBadge({ type }: { type: NftType }) {
  const { t } = useTranslation();
  const Icon = TYPE_ICONS[type];
  return (
    <span className={nft.typeBadge} data-type={type}>
      <Icon size={12} /> {t(`nft.types.${type}`)}
    </span>
  );
}

/** A still of the artwork: its poster for audio and video, the image or gif itself otherwise. */
export function Thumb({
  a,
  className,
}: {
  a: { type: NftType; media: string | null; poster: string | null; title: string | null };
  className?: string;
}) {
  const src = a.type === 'audio' || a.type === 'video' ? a.poster : a.media;
  return src ? (
    <img className={`${styles.thumb} ${className ?? ''}`} src={src} alt={a.title ?? ''} loading="lazy" decoding="async" />
  ) : (
    <span className={`${styles.thumb} ${styles.thumbEmpty} ${className ?? ''}`} aria-hidden="true">
      {a.type === 'audio' ? <Music size={28} /> : <Film size={28} />}
    </span>
  );
}

/** "Starts in" / "ends in" a countdown, ticking each second; nothing when there is no moment to count to. */
export function SaleCountdown({ to, label, testId }: { to: number | null; label: 'startsIn' | 'endsIn' | 'payWithin'; testId?: string }) {
  const { t } = useTranslation();
  const now = useSecondTick(to !== null);
  if (to === null) return null;
  const { days, hms } = countdownParts(to, now);
  return (
    <span className={nft.countdown} data-testid={testId}>
      {t(`nft.${label}`)} <b className="num">{days > 0 ? t('nft.countdown', { d: days, hms }) : hms}</b>
    </span>
  );
}

/** A price with its coin at the coin's decimals. */
export function usePrice(): (value: string, sale: Pick<NftSale, 'decimals' | 'currency'>) => string {
  const fmt = useFormat();
  return (value, sale) => `${formatAmount(value, sale.decimals, fmt.lang)} ${sale.currency}`;
}

/** What a card says about the sale: the price (or the current bid) and its window. */
function CardSale({ sale }: { sale: NftSale | null }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  if (!sale) return <span className={nft.muted}>{t('nft.notForSale')}</span>;
  const auction = sale.mode === 'auction';
  const value = auction ? (sale.bid ?? sale.price) : sale.price;
  return (
    <>
      <span className={styles.cardPriceLabel}>
        {auction ? t(sale.bid ? 'nft.currentBid' : 'nft.startingPrice') : t(sale.resale ? 'nft.resalePrice' : 'nft.price')}
      </span>
      <span className={cards.cardPrice}>
        <b className="num" data-testid="nft-card-price">
          {formatAmount(value, sale.decimals, fmt.lang)}
        </b>{' '}
        <small>{sale.currency}</small>
      </span>
      {sale.window === 2 ? (
        <SaleCountdown to={sale.starts_at} label="startsIn" />
      ) : auction && sale.window === 1 ? (
        <SaleCountdown to={sale.ends_at} label="endsIn" testId="nft-card-countdown" />
      ) : sale.window === 0 ? (
        <span className={nft.countdown}>{t(sale.status === 'awaiting_payment' ? 'nft.awaitingPayment' : 'nft.saleClosed')}</span>
      ) : null}
    </>
  );
}

/** Where an owned artwork stands: held, listed for resale, or in an auction. */
export function ownedStatus(a: NftArtwork): 'held' | 'reselling' | 'auction' {
  if (!a.sale) return 'held';
  return a.sale.mode === 'auction' ? 'auction' : 'reselling';
}

/** An artwork in a grid: its still, type and rarity, title, artist, and the sale (and, for the owner, where it stands). */
export function ArtworkCard({ a, status }: { a: NftArtwork; status?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to={artworkPath(a)} className={styles.card} data-testid="nft-card" data-id={a.id} data-type={a.type} data-code={a.code}>
      <div className={styles.cardMedia}>
        <Thumb a={a} />
        <span className={styles.cardBadges}>
          <TypeBadge type={a.type} />
        </span>
        <span className={styles.cardRarity}>
          <RarityBadge rarity={a.rarity} />
        </span>
      </div>
      <div className={styles.cardBody}>
        <b className={cards.cardTitle}>{a.title}</b>
        <span className={cards.cardArtist}>{a.artist}</span>
        {status ? (
          <span className={nft.ownedTag} data-testid="nft-owned-status" data-status={ownedStatus(a)}>
            {t(`nft.my.status.${ownedStatus(a)}`)}
          </span>
        ) : (
          <CardSale sale={a.sale} />
        )}
      </div>
    </Link>
  );
}

/** The height a grid row is first guessed at (a card measures itself once drawn). */
const ROW_ESTIMATE_PX = 300;

/**
 * Artworks two to a row in a virtual list that scrolls with the page (`scroller`, the page's
 * body): only the rows on screen exist. A component of its own, so the virtualizer's re-render on
 * every scroll step stays here.
 */
export function ArtworkGrid({
  items,
  scroller,
  status,
}: {
  items: readonly NftArtwork[];
  scroller: HTMLDivElement | null;
  /** Show where each stands for its owner instead of the sale. */
  status?: boolean;
}) {
  const rows = Math.ceil(items.length / 2);
  // Where the grid starts in the scroller (below the page's header and tabs), once drawn.
  const [grid, setGrid] = useState<HTMLDivElement | null>(null);
  const scrollMargin = grid && scroller ? grid.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop : 0;
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual hands back fresh functions by design; nothing here is memoised by the compiler.
  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scroller,
    estimateSize: () => ROW_ESTIMATE_PX,
    overscan: 3,
    scrollMargin,
    useFlushSync: false,
  });
  return (
    <div ref={setGrid} className={styles.grid} style={{ height: virtualizer.getTotalSize() }} data-testid="nft-grid">
      {virtualizer.getVirtualItems().map((row) => {
        const pair = items.slice(row.index * 2, row.index * 2 + 2);
        return (
          <div
            key={pair[0]!.id}
            ref={virtualizer.measureElement}
            data-index={row.index}
            className={styles.gridRow}
            style={{ transform: `translateY(${row.start - scrollMargin}px)` }}
          >
            {pair.map((a) => (
              <ArtworkCard key={a.id} a={a} status={status} />
            ))}
          </div>
        );
      })}
    </div>
  );
}

/** The coin account's available balance of a currency, live from the worker (null until the private channel has joined). */
export function useCoinBalance(currencyId: number | undefined): string | null {
  const { balances, userId } = useSnapshot(privateState);
  if (currencyId === undefined || userId === null) return null;
  return balances[`${ACCOUNTS.change}:${currencyId}`]?.available ?? '0';
}
