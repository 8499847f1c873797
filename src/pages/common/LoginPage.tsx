import { Globe, Lock, User } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { authEndpoints } from '../../../domain/auth/contract';
import type { SecondFactorChallenge } from '../../../domain/auth/types';
import { call } from '../../api/request';
import { HOME_PATH, pagePath, PAGES_PREFIX } from '../../paths';
import { isLoggedIn, setToken } from '../../state/session';
import { siteState } from '../../state/site';
import { Button } from '../../ui/Button';
import { LanguageSheet } from '../../ui/LanguageSheet';
import { Page } from '../../ui/Page';
import { TextField } from '../../ui/TextField';
import { useForm } from '../../ui/useForm';
import styles from './AuthLayout.module.css';
import { SecondFactorStep } from './SecondFactorStep';

/** Only app routes may be a redirect target, never another site. */
function safeRedirect(value: string | null): string {
  return value && value.startsWith(PAGES_PREFIX) ? value : HOME_PATH;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const site = useSnapshot(siteState);
  // Opened while signed in (a bookmark, the back button): nothing to do here, go home.
  const [signedInAlready] = useState(isLoggedIn);
  const [account, setAccount] = useState(params.get('account') ?? '');
  const [password, setPassword] = useState('');
  const { error, errorOf, edit, busy, check, run } = useForm(['user_string', 'password']);
  const [langOpen, setLangOpen] = useState(false);
  // Two-factor on: the password was right; the second step finishes the login.
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);

  const signedIn = (token: string) => {
    setToken(token);
    navigate(safeRedirect(params.get('redirect')), { replace: true });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input = { user_string: account, password };
    if (!check(authEndpoints['/user/login'].input, input)) return;
    const answer = await run(() => call('/user/login', input));
    if (answer === undefined) return;
    if (typeof answer === 'string') signedIn(answer);
    else setChallenge(answer);
  };

  if (signedInAlready) return <Navigate to={HOME_PATH} replace />;

  return (
    <Page
      title=""
      right={
        <button type="button" className={styles.langButton} onClick={() => setLangOpen(true)} aria-label={t('common.language')}>
          <Globe size={18} />
        </button>
      }
    >
      {challenge ? (
        <SecondFactorStep challenge={challenge} onSignedIn={signedIn} onBack={() => setChallenge(null)} />
      ) : (
        <div className={styles.wrap}>
          <div className={styles.brand}>
            <img src={site.logo} alt="" />
            <div>
              <h1 className={styles.heading}>{t('auth.loginTitle')}</h1>
              <p className={styles.sub}>{t('auth.loginSubtitle', { site: site.site_name })}</p>
            </div>
          </div>
          <form className={styles.form} onSubmit={submit} noValidate>
            <TextField
              value={account}
              onChange={edit('user_string', setAccount)}
              placeholder={t('auth.accountPlaceholder')}
              autoComplete="username"
              name="account"
              prefix={<User size={18} className={styles.icon} />}
              error={errorOf('user_string')}
            />
            <TextField
              value={password}
              onChange={edit('password', setPassword)}
              placeholder={t('auth.passwordPlaceholder')}
              autoComplete="current-password"
              name="password"
              secret
              prefix={<Lock size={18} className={styles.icon} />}
              error={errorOf('password')}
            />
            {error && <p className={styles.error}>{error}</p>}
            <div className={styles.row}>
              <span />
              <Link to={pagePath('common', 'forget')} className={styles.link}>
                {t('auth.forgotPassword')}
              </Link>
            </div>
            <Button type="submit" block busy={busy}>
              {t('auth.login')}
            </Button>
          </form>
          <p className={styles.footer}>
            {t('auth.noAccount')}{' '}
            <Link to={pagePath('common', 'register')} className={styles.link}>
              {t('auth.registerNow')}
            </Link>
          </p>
        </div>
      )}
      <LanguageSheet open={langOpen} onClose={() => setLangOpen(false)} />
    </Page>
  );
}
