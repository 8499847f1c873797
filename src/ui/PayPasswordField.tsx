import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { ApiError } from '../api/request';
import { refreshUser } from '../state/account';
import { sessionState } from '../state/session';
import styles from './PayPasswordField.module.css';
import { pagePath } from '../paths';

export const PAY_PASSWORD_PATH = pagePath('setting', 'payPassword');

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
  /** Replaces the default label ("Payment password"), e.g. "Repeat the payment password". */
  label?: string;
  /** The real input's name (default `pay_password`). */
  name?: string;
  /** Shows the digits instead of dots and offers the phone's one-time-code autofill (a TOTP code). */
  reveal?: boolean;
  /** Replaces the default placeholder. */
  placeholder?: string;
}

const LENGTH = 6;
const BOXES = Array.from({ length: LENGTH }, (_, i) => i);

/**
 * The 6-digit payment password every withdrawal and withdrawal-target change is confirmed with,
 * as six PIN boxes. One real input (numeric keypad, at most 6 digits, transparent, laid over
 * the boxes) takes typing, paste, backspace and autofill; the boxes show a dot per digit and a
 * focus ring on the box the next digit goes to. Anything but digits is dropped, and a paste
 * replaces the value with its digits, so a pasted "12 34-56" fills all six.
 */
export function PayPasswordField({
  value,
  onChange,
  error,
  missing,
  bare,
  autoFocus,
  label,
  name = 'pay_password',
  reveal,
  placeholder,
}: PayPasswordFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [focused, setFocused] = useState(false);
  const shownLabel = label ?? t('targets.payPassword');
  const current = Math.min(value.length, LENGTH - 1);
  // The caret always sits after the last digit: the boxes cannot show one in the middle.
  const toEnd = (input: HTMLInputElement) => input.setSelectionRange(input.value.length, input.value.length);
  return (
    <div className={styles.wrap}>
      {!bare && (
        <label className={styles.label} htmlFor={id}>
          {shownLabel}
        </label>
      )}
      <div className={`${styles.pin} ${error ? styles.invalid : ''}`} data-testid={`${name}-boxes`}>
        {BOXES.map((i) => (
          <span
            key={i}
            className={`${styles.box} ${i < value.length ? styles.filled : ''} ${focused && i === current ? styles.current : ''}`}
            aria-hidden="true"
            data-filled={i < value.length || undefined}
            data-current={(focused && i === current) || undefined}
          >
            {i < value.length && (reveal ? <span className={styles.digit}>{value[i]}</span> : <span className={styles.dot} />)}
          </span>
        ))}
        <input
          id={id}
          className={styles.input}
          value={value}
          onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, LENGTH))}
          onFocus={(e) => {
            setFocused(true);
            toEnd(e.currentTarget);
          }}
          onBlur={() => setFocused(false)}
          onPaste={(e) => {
            // A pasted PIN replaces the whole value; its digits count, not its separators (which
            // would otherwise use up the 6 characters `maxLength` lets in).
            e.preventDefault();
            onChange(e.clipboardData.getData('text').replace(/\D/g, '').slice(0, LENGTH));
          }}
          onSelect={(e) => toEnd(e.currentTarget)}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={reveal ? 'one-time-code' : 'off'}
          maxLength={LENGTH}
          name={name}
          placeholder={placeholder ?? label ?? t('targets.payPasswordPlaceholder')}
          aria-label={bare ? shownLabel : undefined}
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          autoFocus={autoFocus}
          spellCheck={false}
        />
      </div>
      {error && (
        <p className={styles.error} id={`${id}-error`}>
          {error}
        </p>
      )}
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
