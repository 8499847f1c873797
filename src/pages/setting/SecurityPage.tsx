import { useQuery } from '@tanstack/react-query';
import { KeyRound, Lock, Mail, MonitorSmartphone, Smartphone } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { SessionInfo } from '../../../domain/security/types';
import { apiQuery, useInvalidate } from '../../api/queries';
import { call } from '../../api/request';
import { refreshUser } from '../../state/account';
import { sessionState } from '../../state/session';
import { showToast } from '../../state/ui';
import { Button } from '../../ui/Button';
import { ListGroup, ListItem } from '../../ui/ListItem';
import { Page } from '../../ui/Page';
import { Skeleton } from '../../ui/Skeleton';
import { pageTitle } from '../../ui/pageTitle';
import { Switch } from '../../ui/Switch';
import { useTimeText } from '../../ui/useTimeText';
import styles from './SecurityPage.module.css';

/** A readable device name from a user agent. */
function deviceName(ua: string | null): string {
  if (!ua) return '';
  const os = /iPhone|iPad|Android|Windows|Mac OS X|Linux/.exec(ua)?.[0]?.replace('Mac OS X', 'macOS') ?? '';
  const browser = /Edg|Chrome|Firefox|Safari/.exec(ua)?.[0]?.replace('Edg', 'Edge') ?? '';
  return [browser, os].filter(Boolean).join(' · ') || ua.slice(0, 40);
}

/** Login password, payment password, bound contacts, "stay logged in" and signed-in devices (spec §2 Security). */
export default function SecurityPage() {
  const { t } = useTranslation();
  const { user } = useSnapshot(sessionState);
  const timeText = useTimeText();
  const sessions = useQuery(apiQuery('/safe/sessions'));
  const invalidate = useInvalidate();
  const current = sessions.data?.find((s: SessionInfo) => s.current);
  const [remember, setRemember] = useState(false);

  useEffect(() => {
    void refreshUser();
  }, []);
  useEffect(() => {
    if (current) setRemember(current.remember);
  }, [current]);

  const toggleRemember = async (enabled: boolean) => {
    setRemember(enabled);
    try {
      showToast(await call('/safe/stay_logged_in', { enabled: enabled ? '1' : '0' }));
      void invalidate('sessions');
    } catch {
      setRemember(!enabled);
    }
  };

  const logoutOthers = async () => {
    try {
      showToast(await call('/safe/logout_others'));
      void invalidate('sessions');
    } catch {
      // Shown by the API client.
    }
  };

  const notBound = t('security.notBound');
  // Until the profile and the device list arrive: skeletons, never "Not set" or "Not bound" as if real.
  const loading = <Skeleton width={88} />;
  return (
    <Page title={pageTitle(t, { area: 'setting', page: 'security' })}>
      <ListGroup>
        <ListItem icon={Lock} label={pageTitle(t, { area: 'setting', page: 'password' })} to="/pages/setting/password" />
        <ListItem
          icon={KeyRound}
          label={pageTitle(t, { area: 'setting', page: 'payPassword' })}
          value={user ? t(user.pay_password_set ? 'security.set' : 'security.notSet') : loading}
          to="/pages/setting/payPassword"
          testId="pay-password-entry"
        />
        <ListItem
          icon={Smartphone}
          label={t('security.phone')}
          value={user ? (user.mobile ? `+${user.area_code} ${user.mobile}` : notBound) : loading}
          to="/pages/setting/bindMobile"
          testId="bind-mobile-entry"
        />
        <ListItem
          icon={Mail}
          label={t('security.email')}
          value={user ? (user.email ?? notBound) : loading}
          to="/pages/setting/bindEmail"
          testId="bind-email-entry"
        />
        <ListItem
          icon={MonitorSmartphone}
          label={t('security.stayLoggedIn')}
          value={<Switch checked={remember} onChange={(v) => void toggleRemember(v)} label={t('security.stayLoggedIn')} />}
        />
      </ListGroup>
      <p className={styles.hint}>{t('security.stayLoggedInHint')}</p>

      <ListGroup title={t('security.devices')}>
        {sessions.isPending && (
          <div className={styles.device} aria-busy="true" aria-label={t('common.loading')}>
            <Skeleton round width={20} />
            <span className={styles.deviceText}>
              <Skeleton width={140} height={15} />
              <Skeleton width={180} height={12} />
            </span>
          </div>
        )}
        {sessions.data?.map((s) => (
          <div key={s.id} className={styles.device} data-testid="session">
            <MonitorSmartphone size={20} className={styles.deviceIcon} />
            <span className={styles.deviceText}>
              <b>{deviceName(s.user_agent)}</b>
              <span>
                {s.ip} · {timeText(s.last_seen_at)}
              </span>
            </span>
            {s.current && <span className={styles.current}>{t('security.thisDevice')}</span>}
          </div>
        ))}
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
