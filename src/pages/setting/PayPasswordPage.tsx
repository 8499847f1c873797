import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { securityEndpoints } from '../../../domain/security/contract';
import { call } from '../../api/request';
import { refreshUser } from '../../state/account';
import { sessionState } from '../../state/session';
import { showToast } from '../../state/ui';
import { Button } from '../../ui/Button';
import { Page, useLeavePage } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { PayPasswordField } from '../../ui/PayPasswordField';
import { useForm } from '../../ui/useForm';
import styles from '../../ui/Form.module.css';
import { SecurityCodeField } from './SecurityCodeField';
import { pagePath } from '../../paths';

// Where it returns when it was not reached from inside the app.
const SECURITY_PATH = pagePath('setting', 'security');

/** Sets or changes the 6-digit payment password (asked for withdrawals and for changing withdrawal targets). */
export default function PayPasswordPage() {
  const { t } = useTranslation();
  const leave = useLeavePage(SECURITY_PATH);
  const { user } = useSnapshot(sessionState);
  const [form, setForm] = useState({ pay_password: '', re_pay_password: '', code: '' });
  const { error, errorOf, clear, busy, check, run } = useForm(['pay_password', 're_pay_password', 'code']);
  const digits = (key: keyof typeof form) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value.replace(/\D/g, '').slice(0, 6) }));
    clear(key);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!check(securityEndpoints['/safe/pay_password'].input, form)) return;
    const done = await run(() => call('/safe/pay_password', form));
    if (done === undefined) return;
    showToast(done);
    await refreshUser();
    leave();
  };

  return (
    <Page title={pageTitle(t, { area: 'setting', page: 'payPassword' })}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <p className={styles.hint}>{t(user?.pay_password_set ? 'security.payPasswordChangeHint' : 'security.payPasswordHint')}</p>
        <PayPasswordField
          label={t('security.payPasswordPlaceholder')}
          value={form.pay_password}
          onChange={digits('pay_password')}
          error={errorOf('pay_password')}
        />
        <PayPasswordField
          label={t('security.payPasswordConfirm')}
          value={form.re_pay_password}
          onChange={digits('re_pay_password')}
          name="re_pay_password"
          error={errorOf('re_pay_password')}
        />
        <SecurityCodeField value={form.code} onChange={digits('code')} error={errorOf('code')} />
        {error && <p className={styles.error}>{error}</p>}
        <Button type="submit" block busy={busy}>
          {t('common.confirm')}
        </Button>
      </form>
    </Page>
  );
}
