import { Eye, EyeOff } from 'lucide-react';
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { typedAmount } from '../../domain/funds/amounts';
import styles from './TextField.module.css';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'prefix'> {
  label?: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown before the input (an icon, an area code button). */
  prefix?: ReactNode;
  /** Shown after the input (a send-code button). */
  suffix?: ReactNode;
  error?: string | null;
  /** A note under the field (a minimum, a format), shown from the start; the error takes its place. */
  hint?: ReactNode;
  /** A password field with a show/hide toggle. */
  secret?: boolean;
}

/** A labelled input with optional prefix, suffix, and its own note line: its error, else its hint. */
export function TextField({ label, value, onChange, prefix, suffix, error, hint, secret, className, type, ...input }: TextFieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const numeric = !secret && (input.inputMode === 'decimal' || input.inputMode === 'numeric');
  // A field with no visible label is named by what its placeholder asks for ("Email address"), so a
  // screen reader still says it once the placeholder is gone; a caller's own aria-label wins.
  const named = Boolean(label || input['aria-label'] || input['aria-labelledby']);
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      {label && (
        <label className={styles.label} htmlFor={id}>
          {label}
        </label>
      )}
      <div className={`${styles.box} ${error ? styles.invalid : ''}`}>
        {prefix}
        <input
          id={id}
          className={styles.input}
          {...input}
          aria-label={named ? input['aria-label'] : input.placeholder || undefined}
          value={value}
          // An amount box (a decimal or numeric keyboard) reads full-width digits as digits.
          onChange={(e) => onChange(numeric ? typedAmount(e.target.value) : e.target.value)}
          type={secret && !shown ? 'password' : (type ?? 'text')}
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={error || hint ? noteId : undefined}
        />
        {secret && (
          <button
            type="button"
            className={styles.eye}
            onClick={() => setShown((s) => !s)}
            aria-label={t(shown ? 'auth.hidePassword' : 'auth.showPassword')}
          >
            {shown ? <EyeOff size={18} /> : <Eye size={18} />}
          </button>
        )}
        {suffix}
      </div>
      {error ? (
        <p id={noteId} className={styles.error} role="alert">
          {error}
        </p>
      ) : (
        hint && (
          <p id={noteId} className={styles.hint}>
            {hint}
          </p>
        )
      )}
    </div>
  );
}
