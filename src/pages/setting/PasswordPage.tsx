import { Lock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { securityEndpoints } from '../../../domain/security/contract';
import { useInvalidate } from '../../api/queries';
import { call } from '../../api/request';
import { showToast } from '../../state/ui';
import { Button } from '../../ui/Button';
import { Page, useLeavePage } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { TextField } from '../../ui/TextField';
import { useForm } from '../../ui/useForm';
import styles from '../../ui/Form.module.css';
import { SecurityCodeField } from './SecurityCodeField';
import { pagePath } from '../../paths';

// Where it returns when it was not reached from inside the app.
const SECURITY_PATH = pagePath('setting', 'security');

/** Changes the login password: the current one plus a code; other devices are logged out. */
export default function PasswordPage() {
  const { t } = useTranslation();
  const leave = useLeavePage(SECURITY_PATH);
  const [form, setForm] = useState({ old_password: '', password: '', re_password: '', code: '' });
  const { error, errorOf, clear, busy, check, run } = useForm(['old_password', 'password', 're_password', 'code']);
  const invalidate = useInvalidate();
  const set = (key: keyof typeof form) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    clear(key);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!check(securityEndpoints['/safe/update_password'].input, form)) return;
    const done = await run(() => call('/safe/update_password', form));
    if (done === undefined) return;
    // The other devices' sessions have ended.
    void invalidate('sessions');
    showToast(done);
    leave();
  };

  const lock = <Lock size={18} className={styles.icon} />;
  return (
    <Page title={pageTitle(t, { area: 'setting', page: 'password' })}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <p className={styles.hint}>{t('security.passwordHint')}</p>
        <TextField
          value={form.old_password}
          onChange={set('old_password')}
          placeholder={t('security.currentPassword')}
          autoComplete="current-password"
          name="old_password"
          secret
          prefix={lock}
          error={errorOf('old_password')}
        />
        <TextField
          value={form.password}
          onChange={set('password')}
          placeholder={t('auth.newPasswordPlaceholder')}
          autoComplete="new-password"
          name="password"
          secret
          prefix={lock}
          error={errorOf('password')}
        />
        <TextField
          value={form.re_password}
          onChange={set('re_password')}
          placeholder={t('auth.confirmPlaceholder')}
          autoComplete="new-password"
          name="re_password"
          secret
          prefix={lock}
          error={errorOf('re_password')}
        />
        <SecurityCodeField value={form.code} onChange={set('code')} error={errorOf('code')} />
        {error && <p className={styles.error}>{error}</p>}
        <Button type="submit" block busy={busy}>
          {t('common.confirm')}
        </Button>
      </form>
    </Page>
  );
}
