import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { contract } from '../../../domain/api/contract';
import { call } from '../../api/request';
import { refreshUser } from '../../state/account';
import { sessionState } from '../../state/session';
import { showToast } from '../../state/ui';
import { Button } from '../../ui/Button';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { PayPasswordField } from '../../ui/PayPasswordField';
import { useForm } from '../../ui/useForm';
import styles from '../../ui/Form.module.css';
import { SecurityCodeField } from './SecurityCodeField';

/** Sets or changes the 6-digit payment password (asked for withdrawals and for changing withdrawal targets). */
export default function PayPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSnapshot(sessionState);
  const [form, setForm] = useState({ pay_password: '', re_pay_password: '', code: '' });
  const { error, busy, check, run } = useForm();
  const digits = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value.replace(/\D/g, '').slice(0, 6) }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!check(contract['/safe/pay_password'].input, form)) return;
    const done = await run(() => call('/safe/pay_password', form));
    if (done === undefined) return;
    showToast(done);
    await refreshUser();
    navigate(-1);
  };

  return (
    <Page title={pageTitle(t, { area: 'setting', page: 'payPassword' })}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <p className={styles.hint}>{t(user?.pay_password_set ? 'security.payPasswordChangeHint' : 'security.payPasswordHint')}</p>
        <PayPasswordField label={t('security.payPasswordPlaceholder')} value={form.pay_password} onChange={digits('pay_password')} />
        <PayPasswordField
          label={t('security.payPasswordConfirm')}
          value={form.re_pay_password}
          onChange={digits('re_pay_password')}
          name="re_pay_password"
        />
        <SecurityCodeField value={form.code} onChange={(code) => setForm((f) => ({ ...f, code }))} />
        {error && <p className={styles.error}>{error}</p>}
        <Button type="submit" block busy={busy}>
          {t('common.confirm')}
        </Button>
      </form>
    </Page>
  );
}
