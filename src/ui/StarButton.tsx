import { Star } from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useStarred, useToggleStar } from './watchlist';
import styles from './StarButton.module.css';

/** The watchlist star of one pair: filled when starred; a tap toggles it (signed out: log in). */
export const StarButton = memo(function StarButton({
  symbol,
  matchId,
  size = 16,
  className,
}: {
  symbol: string;
  matchId?: number;
  size?: number;
  className?: string;
}) {
  const { t } = useTranslation();
  const starred = useStarred(symbol);
  const toggle = useToggleStar();
  return (
    <button
      type="button"
      className={`${styles.star} ${starred ? styles.on : ''} ${className ?? ''}`}
      onClick={(e) => {
        e.stopPropagation();
        toggle(symbol, matchId);
      }}
      aria-pressed={starred}
      aria-label={starred ? t('market.favorite.remove') : t('market.favorite.add')}
      data-testid="star"
      data-star={symbol}
    >
      <Star size={size} fill={starred ? 'currentColor' : 'none'} />
    </button>
  );
});
