import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { call } from '../../api/request';
import { sessionState, setToken } from '../../state/session';
import { showToast } from '../../state/ui';
import { Button } from '../../ui/Button';
import { Sheet } from '../../ui/Sheet';
import styles from './AccountSheet.module.css';

/** Who is signed in, and the way out. */
export function AccountSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { user } = useSnapshot(sessionState);
  const logout = async () => {
    try {
      showToast(await call('/user/logout'));
    } catch {
      // Already invalid: clearing locally is all that is left.
    }
    setToken(null);
    onClose();
  };
  return (
    <Sheet open={open} title={t('home.account')} onClose={onClose}>
      <div className={styles.body}>
        <div className={styles.who}>
          <span className={styles.avatar}>{(user?.nickname ?? '?').slice(0, 1).toUpperCase()}</span>
          <span className={styles.names}>
            <b data-testid="account-nickname">{user?.nickname}</b>
            <span>{user?.email ?? (user?.mobile ? `+${user.area_code} ${user.mobile}` : '')}</span>
          </span>
        </div>
        {user && (
          <p className={styles.invite}>
            {t('home.inviteCode')}
            <b className="num">{user.invite_code}</b>
          </p>
        )}
        <Button variant="secondary" block onClick={() => void logout()} data-testid="logout">
          <LogOut size={18} />
          {t('auth.logout')}
        </Button>
      </div>
    </Sheet>
  );
}
