import { useQuery } from '@tanstack/react-query';
import { Laptop, Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { deviceLabel } from '../../../domain/security/userAgent';
import { apiQuery, useInvalidate } from '../../api/queries';
import { call } from '../../api/request';
import { showToast } from '../../state/ui';
import { Button } from '../../ui/Button';
import { ListGroup } from '../../ui/ListItem';
import { Page } from '../../ui/Page';
import { Skeleton } from '../../ui/Skeleton';
import { pageTitle } from '../../ui/pageTitle';
import { useTimeText } from '../../ui/useTimeText';
import styles from './SessionsPage.module.css';

const MOBILE_SYSTEMS = new Set(['iOS', 'Android']);

/** Every signed-in device: browser and OS, address, sign-in and last-active times; "log out all others". */
export default function SessionsPage() {
  const { t } = useTranslation();
  const timeText = useTimeText();
  const sessions = useQuery(apiQuery('/safe/sessions'));
  const invalidate = useInvalidate();

  const logoutOthers = async () => {
    try {
      showToast(await call('/safe/logout_others'));
      void invalidate('sessions');
    } catch {
      // Shown by the API client.
    }
  };

  return (
    <Page title={pageTitle(t, { area: 'setting', page: 'sessions' })}>
      <p className={styles.hint}>{t('security.sessionsHint')}</p>
      <ListGroup>
        {sessions.isPending && (
          <div className={styles.device} aria-busy="true" aria-label={t('common.loading')}>
            <Skeleton round width={40} />
            <span className={styles.deviceText}>
              <Skeleton width={140} height={15} />
              <Skeleton width={180} height={12} />
            </span>
          </div>
        )}
        {sessions.data?.map((s) => {
          const Icon = s.os && MOBILE_SYSTEMS.has(s.os) ? Smartphone : Laptop;
          return (
            <div key={s.id} className={styles.device} data-testid="session">
              <span className={styles.deviceIcon}>
                <Icon size={20} />
              </span>
              <span className={styles.deviceText}>
                <b>{deviceLabel(s, t('security.unknownDevice'))}</b>
                <span>{s.ip}</span>
                <span>{t('security.signedInAt', { time: timeText(s.created_at) })}</span>
                <span>{t('security.lastActive', { time: timeText(s.last_seen_at) })}</span>
              </span>
              {s.current && <span className={styles.current}>{t('security.thisDevice')}</span>}
            </div>
          );
        })}
      </ListGroup>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          block
          disabled={(sessions.data?.length ?? 0) < 2}
          onClick={() => void logoutOthers()}
          data-testid="logout-others"
        >
          {t('security.logoutOthers')}
        </Button>
      </div>
    </Page>
  );
}
