import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { LOGIN_PATH } from '../api/request';
import { Empty } from './Empty';

/**
 * The empty favorites tab (trade hub, market page): how to add a pair, or, signed out, a way
 * to log in (the watchlist is the account's).
 */
export function FavoritesEmpty({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  return signedIn ? (
    <Empty icon={Star} text={t('market.favoritesEmpty')} hint={t('market.favoritesHint')} testId="favorites-empty" />
  ) : (
    <Empty
      icon={Star}
      text={t('market.favoritesLogin')}
      action={{
        label: t('auth.login'),
        onClick: () => void navigate(`${LOGIN_PATH}?redirect=${encodeURIComponent(location.pathname + location.search)}`),
      }}
      testId="favorites-empty"
    />
  );
}
