import { Gift, Lock, Mail } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { proxy, useSnapshot } from 'valtio';
import type { InputOf } from '../../../domain/api/contract';
import { authEndpoints } from '../../../domain/auth/contract';
import { call } from '../../api/request';
import { currentLang } from '../../i18n';
import { HOME_PATH, pagePath } from '../../paths';
import { areaState, selectArea } from '../../state/areaCodes';
import { isLoggedIn, setToken } from '../../state/session';
import { showToast } from '../../state/ui';
import { AreaCodeButton } from '../../ui/AreaCodeButton';
import { Button } from '../../ui/Button';
import { Page } from '../../ui/Page';
import { CodeField } from '../../ui/CodeField';
import { Tabs } from '../../ui/Tabs';
import { TextField } from '../../ui/TextField';
import { useForm } from '../../ui/useForm';
import styles from './AuthLayout.module.css';
import { sendRefused, type SendOutcome } from '../../ui/SendCodeButton';

type RegisterType = 'email' | 'mobile';

/** The form lives outside the component so it survives a trip to the area-code picker. */
const draft = proxy({ type: 'email' as RegisterType, email: '', mobile: '', code: '', password: '', confirm: '', invite: '' });

/** Stores one field of the draft as typed. */
function setDraft<K extends keyof typeof draft>(key: K): (value: (typeof draft)[K]) => void {
  return (value) => {
    draft[key] = value;
  };
}

function resetDraft(): void {
  Object.assign(draft, { code: '', password: '', confirm: '' });
}

export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useSnapshot(draft, { sync: true });
  const { choice } = useSnapshot(areaState);
  const area = selectArea(choice, currentLang());
  // Opened while signed in (a bookmark, the back button): nothing to do here, go home.
  const [signedInAlready] = useState(isLoggedIn);
  const {
    error,
    errorOf,
    edit,
    clear,
    busy,
    check: validate,
    checkField,
    run,
  } = useForm(['user_string', 'code', 'password', 're_password', 'extension_code']);

  useEffect(() => {
    const invite = params.get('code');
    if (invite) draft.invite = invite;
  }, [params]);

  const sendCode = async (): Promise<SendOutcome> => {
    try {
      if (form.type === 'email') {
        const input = { user_string: form.email, scene: 'register' as const };
        if (!checkField(authEndpoints['/sms_mail'].input, input, 'user_string')) return false;
        showToast(await call('/sms_mail', input));
      } else {
        const input = { area_code: area.code, mobile: form.mobile, scene: 'register' as const };
        if (!checkField(authEndpoints['/sms_send'].input, input, 'mobile', 'user_string')) return false;
        showToast(await call('/sms_send', input));
      }
      return true;
    } catch (error) {
      return sendRefused(error);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const secrets = { code: form.code, password: form.password, re_password: form.confirm, extension_code: form.invite || undefined };
    const input: InputOf<'/user/register'> =
      form.type === 'email'
        ? { type: 'email', user_string: form.email, ...secrets }
        : { type: 'mobile', user_string: form.mobile, area_code: area.code, ...secrets };
    if (!validate(authEndpoints['/user/register'].input, input)) return;
    const session = await run(() => call('/user/register', input));
    if (session === undefined) return;
    // Registering signs the user in (the answer is a session, as login's is).
    resetDraft();
    setToken(session);
    showToast(t('auth.registered'));
    navigate(HOME_PATH, { replace: true });
  };

  if (signedInAlready) return <Navigate to={HOME_PATH} replace />;

  return (
    <Page title="">
      <div className={styles.wrap}>
        <div>
          <h1 className={styles.heading}>{t('auth.registerTitle')}</h1>
          <p className={styles.sub}>{t('auth.registerSubtitle')}</p>
        </div>
        <Tabs
          variant="pill"
          items={[
            { key: 'email', label: t('auth.email') },
            { key: 'mobile', label: t('auth.mobile') },
          ]}
          value={form.type}
          onChange={(type) => {
            draft.type = type;
            clear();
          }}
        />
        <form className={styles.form} onSubmit={submit} noValidate>
          {form.type === 'email' ? (
            <TextField
              value={form.email}
              onChange={edit('user_string', setDraft('email'))}
              placeholder={t('auth.emailPlaceholder')}
              type="email"
              autoComplete="email"
              name="email"
              prefix={<Mail size={18} className={styles.icon} />}
              error={errorOf('user_string')}
            />
          ) : (
            <TextField
              value={form.mobile}
              onChange={(v) => {
                draft.mobile = v.replace(/\D/g, '');
                clear('user_string');
              }}
              placeholder={t('auth.mobilePlaceholder')}
              inputMode="numeric"
              autoComplete="tel-national"
              name="mobile"
              prefix={<AreaCodeButton code={area.code} />}
              error={errorOf('user_string')}
            />
          )}
          <CodeField value={form.code} onChange={edit('code', setDraft('code'))} send={sendCode} error={errorOf('code')} />
          <TextField
            value={form.password}
            onChange={edit('password', setDraft('password'))}
            placeholder={t('auth.newPasswordPlaceholder')}
            autoComplete="new-password"
            name="password"
            secret
            prefix={<Lock size={18} className={styles.icon} />}
            error={errorOf('password')}
          />
          <TextField
            value={form.confirm}
            onChange={edit('re_password', setDraft('confirm'))}
            placeholder={t('auth.confirmPlaceholder')}
            autoComplete="new-password"
            name="confirm"
            secret
            prefix={<Lock size={18} className={styles.icon} />}
            error={errorOf('re_password')}
          />
          <TextField
            value={form.invite}
            onChange={edit('extension_code', (v: string) => setDraft('invite')(v.trim()))}
            placeholder={t('auth.invitePlaceholder')}
            name="invite"
            prefix={<Gift size={18} className={styles.icon} />}
            error={errorOf('extension_code')}
          />
          {error && <p className={styles.error}>{error}</p>}
          <Button type="submit" block busy={busy}>
            {t('auth.register')}
          </Button>
        </form>
        <p className={styles.footer}>
          {t('auth.haveAccount')}{' '}
          <Link to={pagePath('common', 'login')} className={styles.link}>
            {t('auth.loginNow')}
          </Link>
        </p>
      </div>
    </Page>
  );
}
