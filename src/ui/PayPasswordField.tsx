import { KeyRound } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { ApiError } from '../api/request';
import { refreshUser } from '../state/account';
import { sessionState } from '../state/session';
import { TextField } from './TextField';
import styles from './PayPasswordField.module.css';

export const PAY_PASSWORD_PATH = '/pages/setting/payPassword';

/**
 * Whether the user still has to set a payment password: from the profile (refreshed on mount,
 * it may have been set since) or from an answer that said so. `noteError` takes a failed call.
 */
export function usePayPasswordMissing(): { missing: boolean; noteError: (error: unknown) => void } {
  const { t } = useTranslation();
  const { user } = useSnapshot(sessionState);
  const [answered, setAnswered] = useState(false);
  useEffect(() => {
    void refreshUser();
  }, []);
  const noteError = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.message === t('errors.payPasswordNotSet')) setAnswered(true);
    },
    [t],
  );
  return { missing: answered || user?.pay_password_set === false, noteError };
}

interface PayPasswordFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  /** Shows the "set one first" hint with a link to the payment password page. */
  missing?: boolean;
  /** Omit the label (in a sheet that already says what it is for). */
  bare?: boolean;
  autoFocus?: boolean;
}

/** The 6-digit payment password every withdrawal-target change is confirmed with. */
export function PayPasswordField({ value, onChange, error, missing, bare, autoFocus }: PayPasswordFieldProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.wrap}>
      <TextField
        label={bare ? undefined : t('targets.payPassword')}
        value={value}
        onChange={(v) => onChange(v.replace(/\D/g, '').slice(0, 6))}
        placeholder={t('targets.payPasswordPlaceholder')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        name="pay_password"
        secret
        autoFocus={autoFocus}
        className={styles.field}
        prefix={<KeyRound size={18} className={styles.icon} />}
        error={error}
      />
      {missing && (
        <p className={styles.missing} data-testid="pay-password-missing">
          <span>{t('targets.payPasswordMissing')}</span>
          <Link to={PAY_PASSWORD_PATH} className={styles.link}>
            {t('targets.setPayPassword')}
          </Link>
        </p>
      )}
    </div>
  );
}
