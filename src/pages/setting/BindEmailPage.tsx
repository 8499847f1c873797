import { Mail } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { authEndpoints } from '../../../domain/auth/contract';
import { securityEndpoints } from '../../../domain/security/contract';
import { useInvalidate } from '../../api/queries';
import { call } from '../../api/request';
import { refreshUser } from '../../state/account';
import { sessionState } from '../../state/session';
import { showToast } from '../../state/ui';
import { Button } from '../../ui/Button';
import { Page, useLeavePage } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { CodeField } from '../../ui/CodeField';
import { TextField } from '../../ui/TextField';
import { useForm } from '../../ui/useForm';
import styles from '../../ui/Form.module.css';
import { sendRefused } from '../../ui/SendCodeButton';
import { pagePath } from '../../paths';

// Where it returns when it was not reached from inside the app.
const SECURITY_PATH = pagePath('setting', 'security');

/** Binds (or changes) the email with a code sent to it. */
export default function BindEmailPage() {
  const { t } = useTranslation();
  const leave = useLeavePage(SECURITY_PATH);
  const { user } = useSnapshot(sessionState);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const { error, errorOf, edit, busy, check, checkField, run } = useForm(['email', 'code']);
  const invalidate = useInvalidate();

  const send = async () => {
    const input = { user_string: email, scene: 'bind' as const };
    if (!checkField(authEndpoints['/sms_mail'].input, input, 'user_string', 'email')) return false;
    try {
      showToast(await call('/sms_mail', input));
      return true;
    } catch (error) {
      return sendRefused(error);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input = { email, code };
    if (!check(securityEndpoints['/safe/email'].input, input)) return;
    const done = await run(() => call('/safe/email', input));
    if (done === undefined) return;
    showToast(done);
    // Identity verification needs both contacts bound.
    void invalidate('identity');
    await refreshUser();
    leave();
  };

  return (
    <Page title={pageTitle(t, { area: 'setting', page: 'bindEmail' })}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <p className={styles.hint}>{user?.email ? t('security.currentEmail', { email: user.email }) : t('security.bindEmailHint')}</p>
        <TextField
          value={email}
          onChange={edit('email', setEmail)}
          placeholder={t('auth.emailPlaceholder')}
          type="email"
          autoComplete="email"
          name="email"
          prefix={<Mail size={18} className={styles.icon} />}
          error={errorOf('email')}
        />
        <CodeField value={code} onChange={edit('code', setCode)} send={send} error={errorOf('code')} />
        {error && <p className={styles.error}>{error}</p>}
        <Button type="submit" block busy={busy}>
          {t('common.confirm')}
        </Button>
      </form>
    </Page>
  );
}
