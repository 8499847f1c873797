import { Star } from 'lucide-react';
import { createContext, memo, useContext, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStarred, useToggleStar, useWatchlist } from './watchlist';
import styles from './StarButton.module.css';

interface StarProps {
  symbol: string;
  matchId?: number;
  size?: number;
  className?: string;
}

/** What every star of one list shares: read once by the list, not once per row. */
interface ListStars {
  starred: ReadonlySet<string>;
  toggle: (symbol: string, matchId?: number) => void;
  add: string;
  remove: string;
}

const ListStarsContext = createContext<ListStars | null>(null);

/**
 * Around a list of starred rows (the market list, the trade hub, search): the watchlist, the
 * toggle and the labels are read here once, so a row that scrolls into view mounts a plain button
 * instead of a query observer, the router's location and a translation hook of its own.
 */
export function ListStarsProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { symbols } = useWatchlist();
  const toggle = useToggleStar();
  const add = t('market.favorite.add');
  const remove = t('market.favorite.remove');
  const value = useMemo(() => ({ starred: new Set(symbols), toggle, add, remove }), [symbols, toggle, add, remove]);
  return <ListStarsContext.Provider value={value}>{children}</ListStarsContext.Provider>;
}

/** The watchlist star of one pair: filled when starred; a tap toggles it (signed out: log in). */
export const StarButton = memo(function StarButton(props: StarProps) {
  const list = useContext(ListStarsContext);
  if (!list) return <OwnStar {...props} />;
  const starred = list.starred.has(props.symbol);
  return <StarView {...props} starred={starred} toggle={list.toggle} label={starred ? list.remove : list.add} />;
});

/** A star outside any list (the pair screen's header): its own reads. */
function OwnStar(props: StarProps) {
  const { t } = useTranslation();
  const starred = useStarred(props.symbol);
  const toggle = useToggleStar();
  return <StarView {...props} starred={starred} toggle={toggle} label={starred ? t('market.favorite.remove') : t('market.favorite.add')} />;
}

function StarView({
  symbol,
  matchId,
  size = 16,
  className,
  starred,
  toggle,
  label,
}: StarProps & { starred: boolean; toggle: ListStars['toggle']; label: string }) {
  return (
    <button
      type="button"
      className={`${styles.star} ${starred ? styles.on : ''} ${className ?? ''}`}
      onClick={(e) => {
        e.stopPropagation();
        toggle(symbol, matchId);
      }}
      aria-pressed={starred}
      aria-label={label}
      data-testid="star"
      data-star={symbol}
    >
      <Star size={size} fill={starred ? 'currentColor' : 'none'} />
    </button>
  );
}
