import { Gift, Lock, Mail } from 'lucide-react';
import { useEffect, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { proxy, useSnapshot } from 'valtio';
import { contract, type InputOf } from '../../../domain/api/contract';
import { call } from '../../api/request';
import { currentLang } from '../../i18n';
import { areaState, selectArea } from '../../state/areaCodes';
import { showToast } from '../../state/ui';
import { AreaCodeButton } from '../../ui/AreaCodeButton';
import { Button } from '../../ui/Button';
import { Page } from '../../ui/Page';
import { CodeField } from '../../ui/CodeField';
import { Tabs } from '../../ui/Tabs';
import { TextField } from '../../ui/TextField';
import { useForm } from '../../ui/useForm';
import styles from './AuthLayout.module.css';

type RegisterType = 'email' | 'mobile';

/** The form lives outside the component so it survives a trip to the area-code picker. */
const draft = proxy({ type: 'email' as RegisterType, email: '', mobile: '', code: '', password: '', confirm: '', invite: '' });

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
  const { error, setError, busy, check: validate, run } = useForm();

  useEffect(() => {
    const invite = params.get('code');
    if (invite) draft.invite = invite;
  }, [params]);

  const sendCode = async (): Promise<boolean> => {
    try {
      if (form.type === 'email') {
        const input = { user_string: form.email, scene: 'register' as const };
        if (!validate(contract['/sms_mail'].input, input)) return false;
        showToast(await call('/sms_mail', input));
      } else {
        const input = { area_code: area.code, mobile: form.mobile, scene: 'register' as const };
        if (!validate(contract['/sms_send'].input, input)) return false;
        showToast(await call('/sms_send', input));
      }
      return true;
    } catch {
      return false;
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const secrets = { code: form.code, password: form.password, re_password: form.confirm, extension_code: form.invite || undefined };
    const input: InputOf<'/user/register'> =
      form.type === 'email'
        ? { type: 'email', user_string: form.email, ...secrets }
        : { type: 'mobile', user_string: form.mobile, area_code: area.code, ...secrets };
    if (!validate(contract['/user/register'].input, input)) return;
    const done = await run(() => call('/user/register', input));
    if (done === undefined) return;
    showToast(done);
    resetDraft();
    navigate(`/pages/common/login?account=${encodeURIComponent(input.user_string)}`, { replace: true });
  };

  return (
    <Page title="">
      <div className={styles.wrap}>
        <div>
          <h2 className={styles.heading}>{t('auth.registerTitle')}</h2>
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
            setError(null);
          }}
        />
        <form className={styles.form} onSubmit={submit} noValidate>
          {form.type === 'email' ? (
            <TextField
              value={form.email}
              onChange={(v) => (draft.email = v)}
              placeholder={t('auth.emailPlaceholder')}
              type="email"
              autoComplete="email"
              name="email"
              prefix={<Mail size={18} className={styles.icon} />}
            />
          ) : (
            <TextField
              value={form.mobile}
              onChange={(v) => (draft.mobile = v.replace(/\D/g, ''))}
              placeholder={t('auth.mobilePlaceholder')}
              inputMode="numeric"
              autoComplete="tel-national"
              name="mobile"
              prefix={<AreaCodeButton code={area.code} />}
            />
          )}
          <CodeField value={form.code} onChange={(v) => (draft.code = v)} send={sendCode} />
          <TextField
            value={form.password}
            onChange={(v) => (draft.password = v)}
            placeholder={t('auth.newPasswordPlaceholder')}
            autoComplete="new-password"
            name="password"
            secret
            prefix={<Lock size={18} className={styles.icon} />}
          />
          <TextField
            value={form.confirm}
            onChange={(v) => (draft.confirm = v)}
            placeholder={t('auth.confirmPlaceholder')}
            autoComplete="new-password"
            name="confirm"
            secret
            prefix={<Lock size={18} className={styles.icon} />}
          />
          <TextField
            value={form.invite}
            onChange={(v) => (draft.invite = v.trim())}
            placeholder={t('auth.invitePlaceholder')}
            name="invite"
            prefix={<Gift size={18} className={styles.icon} />}
            error={error}
          />
          <Button type="submit" block busy={busy}>
            {t('auth.register')}
          </Button>
        </form>
        <p className={styles.footer}>
          {t('auth.haveAccount')}{' '}
          <Link to="/pages/common/login" className={styles.link}>
            {t('auth.loginNow')}
          </Link>
        </p>
      </div>
    </Page>
  );
}
