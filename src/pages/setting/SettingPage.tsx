import {
  Banknote,
  Bell,
  BellRing,
  ChevronRight,
  CircleHelp,
  Coins,
  Copy,
  FileText,
  Gift,
  Globe,
  HandCoins,
  Info,
  Landmark,
  LogOut,
  Mail,
  QrCode,
  ReceiptText,
  Share2,
  ShieldCheck,
  TicketPercent,
  UserCheck,
  Wallet,
} from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { LANG_NAMES } from '../../ui/LanguageSheet';
import { call } from '../../api/request';
import { currentLang } from '../../i18n';
import { HOME_PATH, pagePath } from '../../paths';
import { refreshUser } from '../../state/account';
import { fiatState } from '../../state/fiat';
import { notificationState } from '../../state/notifications';
import { sessionState, setToken } from '../../state/session';
import { showToast } from '../../state/ui';
import { Button } from '../../ui/Button';
import { FiatSheet } from '../../ui/FiatSheet';
import { LanguageSheet } from '../../ui/LanguageSheet';
import { ListGroup, ListItem } from '../../ui/ListItem';
import { Page } from '../../ui/Page';
import { Sheet } from '../../ui/Sheet';
import { InstallAppRow } from '../../ui/pwa/InstallAppRow';
import { Skeleton } from '../../ui/Skeleton';
import { pageTitle } from '../../ui/pageTitle';
import { InviteSheet } from './InviteSheet';
import styles from './SettingPage.module.css';
import { useIdentityText } from './IdentityLevel';
import { useIdentityView } from '../../api/queries';

/** "Mine": the profile card, invitations, and every settings entry the spec lists. */
export default function SettingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSnapshot(sessionState);
  const { fiat } = useSnapshot(fiatState);
  const { unread } = useSnapshot(notificationState);
  const [sheet, setSheet] = useState<'lang' | 'fiat' | 'invite' | 'logout' | null>(null);

  useEffect(() => {
    void refreshUser();
  }, []);

  /** What to say once this page is gone after a logout (null: not logging out). */
  const leaving = useRef<string | null>(null);
  // The token goes only once the route has left this signed-in page (its unmount), so the page
  // never shows "please log in first" for a moment: a route change is a transition the token's
  // change would otherwise overtake while this page is still on screen.
  useEffect(
    () => () => {
      if (leaving.current === null) return;
      setToken(null);
      showToast(leaving.current);
    },
    [],
  );

  /** After the confirm sheet: ends the session, leaves for home, then says so. */
  const logout = async () => {
    setSheet(null);
    let said = t('auth.loggedOut');
    try {
      said = await call('/user/logout', undefined, { silent: true });
    } catch {
      // Already invalid: clearing it here is all that is left.
    }
    leaving.current = said;
    await navigate(HOME_PATH, { replace: true });
  };

  // Until the profile arrives its fields are skeletons, never a made-up "?", "0" or "Not certified".
  const identity = useIdentityView();
  const identityText = useIdentityText();
  const stat = (value: number | undefined, testId: string) =>
    value === undefined ? (
      <Skeleton width={28} height={22} testId={`${testId}-loading`} />
    ) : (
      <b className="num" data-testid={testId}>
        {value}
      </b>
    );
  return (
    <Page title={pageTitle(t, { area: 'setting', page: 'setting' })}>
      <Link to={pagePath('setting', 'userInfo')} className={styles.profile} data-testid="profile-card">
        {user ? (
          <span className={styles.avatar}>{user.avatar ? <img src={user.avatar} alt="" /> : user.nickname.slice(0, 1).toUpperCase()}</span>
        ) : (
          <Skeleton round width={56} testId="profile-loading" />
        )}
        {user ? (
          <span className={styles.who}>
            <b data-testid="profile-nickname">{user.nickname}</b>
            <span className={styles.contact}>{user.email ?? (user.mobile ? `+${user.area_code} ${user.mobile}` : '')}</span>
            {identity ? (
              <span className={`${styles.level} ${identity.level > 0 ? styles.verified : ''}`} data-testid="profile-identity">
                <UserCheck size={12} />
                {identityText(identity)}
              </span>
            ) : (
              <Skeleton width={84} height={18} />
            )}
          </span>
        ) : (
          <span className={styles.who} aria-busy="true" aria-label={t('common.loading')}>
            <Skeleton width={110} height={18} />
            <Skeleton width={160} height={13} />
            <Skeleton width={84} height={18} />
          </span>
        )}
        <ChevronRight size={18} className={styles.chevron} />
      </Link>

      <div className={styles.invite}>
        <div className={styles.inviteStat}>
          {stat(user?.invite_count, 'invite-count')}
          <span>{t('settings.inviteCount')}</span>
        </div>
        <div className={styles.inviteStat}>
          {stat(user?.traded_invite_count, 'traded-invite-count')}
          <span>{t('settings.tradedInviteCount')}</span>
        </div>
        <button type="button" className={styles.inviteCode} onClick={() => setSheet('invite')} disabled={!user} data-testid="invite-open">
          <span>{t('settings.inviteCode')}</span>
          {user ? (
            <b className="num">
              {user.invite_code}
              <Copy size={13} />
            </b>
          ) : (
            <Skeleton width={96} height={18} />
          )}
        </button>
        <button type="button" className={styles.qr} onClick={() => setSheet('invite')} disabled={!user} aria-label={t('settings.inviteQr')}>
          <QrCode size={26} />
        </button>
      </div>

      <ListGroup title={t('settings.groups.account')}>
        <ListItem
          icon={ShieldCheck}
          label={pageTitle(t, { area: 'setting', page: 'real' })}
          value={identity ? identityText(identity) : <Skeleton width={72} />}
          to={pagePath('setting', 'real')}
        />
        <ListItem icon={ShieldCheck} label={pageTitle(t, { area: 'setting', page: 'security' })} to={pagePath('setting', 'security')} />
        <ListItem icon={Wallet} label={pageTitle(t, { area: 'setting', page: 'wallet' })} to={pagePath('setting', 'wallet')} />
        <ListItem icon={Landmark} label={pageTitle(t, { area: 'setting', page: 'bank' })} to={pagePath('setting', 'bank')} />
        <ListItem
          icon={Banknote}
          label={pageTitle(t, { area: 'setting', page: 'bank_international' })}
          to={pagePath('setting', 'bank_international')}
        />
        <ListItem icon={ReceiptText} label={pageTitle(t, { area: 'setting', page: 'bill' })} to={pagePath('setting', 'bill')} />
        <ListItem
          icon={HandCoins}
          label={pageTitle(t, { area: 'common', page: 'borrowing' })}
          to={pagePath('common', 'borrowing')}
          testId="loans-entry"
        />
      </ListGroup>

      <ListGroup title={t('settings.groups.rewards')}>
        <ListItem icon={Gift} label={t('settings.rebate')} to={pagePath('setting', 'share', { tab: 'rebate' })} />
        <ListItem icon={TicketPercent} label={pageTitle(t, { area: 'setting', page: 'coupon' })} to={pagePath('setting', 'coupon')} />
        <ListItem icon={Share2} label={pageTitle(t, { area: 'setting', page: 'share' })} to={pagePath('setting', 'share')} />
      </ListGroup>

      <ListGroup title={t('settings.groups.preferences')}>
        <ListItem
          icon={Bell}
          label={pageTitle(t, { area: 'setting', page: 'notifications' })}
          badge={unread}
          to={pagePath('setting', 'notifications')}
          testId="notifications-entry"
        />
        <ListItem
          icon={BellRing}
          label={pageTitle(t, { area: 'alerts', page: 'index' })}
          to={pagePath('alerts', 'index')}
          testId="alerts-entry"
        />
        <ListItem icon={Coins} label={t('settings.fiat')} value={fiat.currency_code} onClick={() => setSheet('fiat')} testId="fiat-entry" />
        <ListItem
          icon={Globe}
          label={t('common.language')}
          value={LANG_NAMES[currentLang()]}
          onClick={() => setSheet('lang')}
          testId="language-entry"
        />
        <InstallAppRow />
      </ListGroup>

      <ListGroup title={t('settings.groups.help')}>
        <ListItem icon={CircleHelp} label={pageTitle(t, { area: 'common', page: 'faq' })} to={pagePath('common', 'faq')} />
        <ListItem
          icon={FileText}
          label={pageTitle(t, { area: 'setting', page: 'operational_compliance' })}
          to={pagePath('setting', 'operational_compliance')}
        />
        <ListItem icon={Mail} label={pageTitle(t, { area: 'common', page: 'contactus' })} to={pagePath('common', 'contactus')} />
        <ListItem icon={Info} label={pageTitle(t, { area: 'common', page: 'aboutus' })} to={pagePath('common', 'aboutus')} />
      </ListGroup>

      <div className={styles.logout}>
        <Button variant="secondary" block onClick={() => setSheet('logout')} data-testid="logout">
          <LogOut size={18} />
          {t('auth.logout')}
        </Button>
      </div>

      <LanguageSheet open={sheet === 'lang'} onClose={() => setSheet(null)} />
      <FiatSheet open={sheet === 'fiat'} onClose={() => setSheet(null)} />
      <Sheet open={sheet === 'logout'} title={t('auth.logoutConfirmTitle')} onClose={() => setSheet(null)}>
        <div className={styles.confirm} data-testid="logout-confirm">
          <p>{t('auth.logoutConfirmText')}</p>
          <Button block onClick={() => void logout()} data-testid="logout-confirm-button">
            {t('auth.logout')}
          </Button>
          <Button variant="secondary" block onClick={() => setSheet(null)}>
            {t('common.cancel')}
          </Button>
        </div>
      </Sheet>
      <InviteSheet open={sheet === 'invite'} code={user?.invite_code ?? ''} onClose={() => setSheet(null)} />
    </Page>
  );
}
