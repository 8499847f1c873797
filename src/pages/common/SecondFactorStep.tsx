import { KeyRound, ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { authEndpoints } from '../../../domain/auth/contract';
import type { SecondFactorChallenge } from '../../../domain/auth/types';
import { call } from '../../api/request';
import { Button } from '../../ui/Button';
import { PayPasswordField } from '../../ui/PayPasswordField';
import { TextField } from '../../ui/TextField';
import { useForm } from '../../ui/useForm';
import styles from './AuthLayout.module.css';
import own from './SecondFactorStep.module.css';

interface SecondFactorStepProps {
  challenge: SecondFactorChallenge;
  /** Called with the session token once the code is accepted. */
  onSignedIn: (token: string) => void;
  /** Back to the password form (a new challenge is needed after 5 minutes anyway). */
  onBack: () => void;
}

/**
 * The second login step for an account with two-factor on: six boxes for the authenticator
 * app's code, or a recovery code for someone who lost the phone (docs/SECURITY.md).
 */
export function SecondFactorStep({ challenge, onSignedIn, onBack }: SecondFactorStepProps) {
  const { t } = useTranslation();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const { error, errorOf, edit, busy, check, run } = useForm(['code']);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input = { challenge: challenge.challenge, code };
    if (!check(authEndpoints['/user/login_2fa'].input, input)) return;
    const token = await run(() => call('/user/login_2fa', input));
    if (token !== undefined) onSignedIn(token);
  };

  const switchMode = () => {
    setRecovery((r) => !r);
    setCode('');
  };

  return (
    <div className={styles.wrap} data-testid="second-factor">
      <div className={own.badge}>
        <ShieldCheck size={30} />
      </div>
      <div className={own.head}>
        <h1 className={styles.heading}>{t('security.twoFactorLoginTitle')}</h1>
        <p className={styles.sub}>{t(recovery ? 'security.recoveryLoginHint' : 'security.twoFactorLoginHint')}</p>
      </div>
      <form className={styles.form} onSubmit={submit} noValidate>
        {recovery ? (
          <TextField
            value={code}
            onChange={edit('code', setCode)}
            placeholder={t('security.recoveryCodePlaceholder')}
            autoComplete="off"
            name="recovery_code"
            prefix={<KeyRound size={18} className={styles.icon} />}
            error={errorOf('code')}
            autoFocus
          />
        ) : (
          <PayPasswordField
            value={code}
            onChange={edit('code', setCode)}
            error={errorOf('code')}
            name="totp_code"
            reveal
            bare
            autoFocus
            label={t('security.authenticatorCode')}
            placeholder={t('security.authenticatorCode')}
          />
        )}
        {error && <p className={styles.error}>{error}</p>}
        <Button type="submit" block busy={busy} disabled={!recovery && code.length < 6}>
          {t('security.verify')}
        </Button>
      </form>
      <div className={styles.row}>
        <button type="button" className={styles.link} onClick={onBack}>
          {t('security.backToLogin')}
        </button>
        <button type="button" className={styles.link} onClick={switchMode} data-testid="toggle-recovery">
          {t(recovery ? 'security.useAuthenticator' : 'security.useRecoveryCode')}
        </button>
      </div>
    </div>
  );
}
