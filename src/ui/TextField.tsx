import { Eye, EyeOff } from 'lucide-react';
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
  /** A password field with a show/hide toggle. */
  secret?: boolean;
}

/** A labelled input with optional prefix, suffix and error line. */
export function TextField({ label, value, onChange, prefix, suffix, error, secret, className, type, ...input }: TextFieldProps) {
  const id = useId();
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
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
          value={value}
          onChange={(e) => onChange(e.target.value)}
          type={secret && !shown ? 'password' : (type ?? 'text')}
          aria-invalid={Boolean(error) || undefined}
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
      {error && <p className={styles.error}>{error}</p>}
    </div>
  );
}
