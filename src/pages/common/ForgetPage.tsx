import { Lock, Mail } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { authEndpoints } from '../../../domain/auth/contract';
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
import { pageTitle } from '../../ui/pageTitle';
import styles from './AuthLayout.module.css';
import { sendRefused, type SendOutcome } from '../../ui/SendCodeButton';
import { pagePath } from '../../paths';

type AccountType = 'email' | 'mobile';

export default function ForgetPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { choice } = useSnapshot(areaState);
  const area = selectArea(choice, currentLang());
  const [type, setType] = useState<AccountType>('email');
  const [account, setAccount] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { error, errorOf, edit, clear, busy, check: validate, checkField, run } = useForm(['account', 'code', 'password', 'repassword']);

  const sendCode = async (): Promise<SendOutcome> => {
    try {
      if (type === 'email') {
        const input = { user_string: account, scene: 'forget' as const };
        // The code goes to the account typed above: its rule's message belongs there.
        if (!checkField(authEndpoints['/sms_mail'].input, input, 'user_string', 'account')) return false;
        showToast(await call('/sms_mail', input));
      } else {
        const input = { area_code: area.code, mobile: account, scene: 'forget' as const };
        if (!checkField(authEndpoints['/sms_send'].input, input, 'mobile', 'account')) return false;
        showToast(await call('/sms_send', input));
      }
      return true;
    } catch (error) {
      return sendRefused(error);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input = {
      account,
      area_code: type === 'mobile' ? area.code : undefined,
      code,
      password,
      repassword: confirm,
    };
    if (!validate(authEndpoints['/user/forget'].input, input)) return;
    const done = await run(() => call('/user/forget', input));
    if (done === undefined) return;
    showToast(done);
    navigate(pagePath('common', 'login', { account }), { replace: true });
  };

  return (
    <Page title={pageTitle(t, { area: 'common', page: 'forget' })}>
      <div className={styles.wrap}>
        <p className={styles.sub}>{t('auth.forgetHint')}</p>
        <Tabs
          variant="pill"
          items={[
            { key: 'email', label: t('auth.email') },
            { key: 'mobile', label: t('auth.mobile') },
          ]}
          value={type}
          onChange={(next) => {
            setType(next);
            setAccount('');
            clear();
          }}
        />
        <form className={styles.form} onSubmit={submit} noValidate>
          <TextField
            value={account}
            onChange={edit('account', (v: string) => setAccount(type === 'mobile' ? v.replace(/\D/g, '') : v))}
            placeholder={t(type === 'email' ? 'auth.emailPlaceholder' : 'auth.mobilePlaceholder')}
            inputMode={type === 'mobile' ? 'numeric' : 'email'}
            name="account"
            prefix={type === 'mobile' ? <AreaCodeButton code={area.code} /> : <Mail size={18} className={styles.icon} />}
            error={errorOf('account')}
          />
          <CodeField value={code} onChange={edit('code', setCode)} send={sendCode} error={errorOf('code')} />
          <TextField
            value={password}
            onChange={edit('password', setPassword)}
            placeholder={t('auth.newPasswordPlaceholder')}
            autoComplete="new-password"
            name="password"
            secret
            prefix={<Lock size={18} className={styles.icon} />}
            error={errorOf('password')}
          />
          <TextField
            value={confirm}
            onChange={edit('repassword', setConfirm)}
            placeholder={t('auth.confirmPlaceholder')}
            autoComplete="new-password"
            name="confirm"
            secret
            prefix={<Lock size={18} className={styles.icon} />}
            error={errorOf('repassword')}
          />
          {error && <p className={styles.error}>{error}</p>}
          <Button type="submit" block busy={busy}>
            {t('auth.resetPassword')}
          </Button>
        </form>
      </div>
    </Page>
  );
}
