import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { authEndpoints } from '../../../domain/auth/contract';
import { securityEndpoints } from '../../../domain/security/contract';
import { useInvalidate } from '../../api/queries';
import { call } from '../../api/request';
import { currentLang } from '../../i18n';
import { refreshUser } from '../../state/account';
import { areaState, selectArea } from '../../state/areaCodes';
import { sessionState } from '../../state/session';
import { showToast } from '../../state/ui';
import { AreaCodeButton } from '../../ui/AreaCodeButton';
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

/** Binds (or changes) the phone number with a code sent to it. */
export default function BindMobilePage() {
  const { t } = useTranslation();
  const leave = useLeavePage(SECURITY_PATH);
  const { user } = useSnapshot(sessionState);
  const { choice } = useSnapshot(areaState);
  const area = selectArea(choice, currentLang());
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const { error, errorOf, edit, busy, check, checkField, run } = useForm(['mobile', 'code']);
  const invalidate = useInvalidate();

  const send = async () => {
    const input = { area_code: area.code, mobile, scene: 'bind' as const };
    if (!checkField(authEndpoints['/sms_send'].input, input, 'mobile')) return false;
    try {
      showToast(await call('/sms_send', input));
      return true;
    } catch (error) {
      return sendRefused(error);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input = { area_code: area.code, mobile, code };
    if (!check(securityEndpoints['/safe/mobile'].input, input)) return;
    const done = await run(() => call('/safe/mobile', input));
    if (done === undefined) return;
    showToast(done);
    // Identity verification needs both contacts bound.
    void invalidate('identity');
    await refreshUser();
    leave();
  };

  return (
    <Page title={pageTitle(t, { area: 'setting', page: 'bindMobile' })}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <p className={styles.hint}>
          {user?.mobile ? t('security.currentPhone', { phone: `+${user.area_code} ${user.mobile}` }) : t('security.bindPhoneHint')}
        </p>
        <TextField
          value={mobile}
          onChange={edit('mobile', (v: string) => setMobile(v.replace(/\D/g, '')))}
          placeholder={t('auth.mobilePlaceholder')}
          inputMode="numeric"
          autoComplete="tel-national"
          name="mobile"
          prefix={<AreaCodeButton code={area.code} />}
          error={errorOf('mobile')}
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
