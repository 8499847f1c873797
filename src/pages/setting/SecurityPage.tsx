import { useQuery } from '@tanstack/react-query';
import { Fingerprint, KeyRound, Lock, Mail, MonitorSmartphone, ShieldCheck, Smartphone, Timer } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { SessionInfo } from '../../../domain/security/types';
import { apiQuery, useInvalidate } from '../../api/queries';
import { call } from '../../api/request';
import { refreshUser } from '../../state/account';
import { sessionState } from '../../state/session';
import { showToast } from '../../state/ui';
import { ListGroup, ListItem } from '../../ui/ListItem';
import { Page } from '../../ui/Page';
import { Skeleton } from '../../ui/Skeleton';
import { pageTitle } from '../../ui/pageTitle';
import { Switch } from '../../ui/Switch';
import styles from './SecurityPage.module.css';
import { pagePath } from '../../paths';

/**
 * Login password, payment password, bound contacts, two-factor, the anti-phishing code, "stay
 * logged in" and the way to the signed-in devices (docs/SECURITY.md).
 */
export default function SecurityPage() {
  const { t } = useTranslation();
  const { user } = useSnapshot(sessionState);
  const sessions = useQuery(apiQuery('/safe/sessions'));
  const overview = useQuery(apiQuery('/safe/overview'));
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

  const notBound = t('security.notBound');
  // Until the profile and the device list arrive: skeletons, never "Not set" or "Not bound" as if real.
  const loading = <Skeleton width={88} />;
  return (
    <Page title={pageTitle(t, { area: 'setting', page: 'security' })}>
      <ListGroup>
        <ListItem icon={Lock} label={pageTitle(t, { area: 'setting', page: 'password' })} to={pagePath('setting', 'password')} />
        <ListItem
          icon={KeyRound}
          label={pageTitle(t, { area: 'setting', page: 'payPassword' })}
          value={user ? t(user.pay_password_set ? 'security.set' : 'security.notSet') : loading}
          to={pagePath('setting', 'payPassword')}
          testId="pay-password-entry"
        />
        <ListItem
          icon={Smartphone}
          label={t('security.phone')}
          value={user ? (user.mobile ? `+${user.area_code} ${user.mobile}` : notBound) : loading}
          to={pagePath('setting', 'bindMobile')}
          testId="bind-mobile-entry"
        />
        <ListItem
          icon={Mail}
          label={t('security.email')}
          value={user ? (user.email ?? notBound) : loading}
          to={pagePath('setting', 'bindEmail')}
          testId="bind-email-entry"
        />
      </ListGroup>

      <ListGroup title={t('security.protection')}>
        <ListItem
          icon={ShieldCheck}
          label={t('security.twoFactor')}
          value={
            overview.data ? (
              <span className={overview.data.two_factor ? styles.on : styles.off}>
                {t(overview.data.two_factor ? 'security.on' : 'security.off')}
              </span>
            ) : (
              loading
            )
          }
          to={pagePath('setting', 'twoFactor')}
          testId="two-factor-entry"
        />
        <ListItem
          icon={Fingerprint}
          label={t('security.antiPhishing')}
          value={overview.data ? t(overview.data.anti_phishing_code ? 'security.set' : 'security.notSet') : loading}
          to={pagePath('setting', 'antiPhishing')}
          testId="anti-phishing-entry"
        />
        <ListItem
          icon={MonitorSmartphone}
          label={t('security.devicesSessions')}
          value={sessions.data ? t('security.sessionCount', { count: sessions.data.length }) : loading}
          to={pagePath('setting', 'sessions')}
          testId="sessions-entry"
        />
      </ListGroup>

      <ListGroup>
        <ListItem
          icon={Timer}
          label={t('security.stayLoggedIn')}
          value={<Switch checked={remember} onChange={(v) => void toggleRemember(v)} label={t('security.stayLoggedIn')} />}
        />
      </ListGroup>
      <p className={styles.hint}>{t('security.stayLoggedInHint')}</p>
    </Page>
  );
}
