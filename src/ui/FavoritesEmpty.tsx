import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { LOGIN_PATH } from '../api/request';
import styles from './FavoritesEmpty.module.css';

/**
 * The empty favorites tab (trade hub, market page): how to add a pair, or, signed out, a way
 * to log in (the watchlist is the account's).
 */
export function FavoritesEmpty({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <div className={styles.empty} data-testid="favorites-empty">
      <Star size={36} strokeWidth={1.4} />
      {signedIn ? (
        <>
          <p className={styles.title}>{t('market.favoritesEmpty')}</p>
          <p>{t('market.favoritesHint')}</p>
        </>
      ) : (
        <>
          <p>{t('market.favoritesLogin')}</p>
          <button
            type="button"
            className={styles.action}
            onClick={() => void navigate(`${LOGIN_PATH}?redirect=${encodeURIComponent(location.pathname + location.search)}`)}
          >
            {t('auth.login')}
          </button>
        </>
      )}
    </div>
  );
}
