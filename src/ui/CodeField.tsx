import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SendCodeButton, type SendOutcome } from './SendCodeButton';
import { TextField } from './TextField';
import styles from './Form.module.css';

interface CodeFieldProps {
  value: string;
  onChange: (code: string) => void;
  /** Resolves whether a code went out. */
  send: () => Promise<SendOutcome>;
  error?: string | null;
}

/** The 6-digit verification code field with its "send code" button and its own error line. */
export function CodeField({ value, onChange, send, error }: CodeFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      value={value}
      onChange={(v) => onChange(v.replace(/\D/g, '').slice(0, 6))}
      placeholder={t('auth.codePlaceholder')}
      inputMode="numeric"
      autoComplete="one-time-code"
      name="code"
      prefix={<KeyRound size={18} className={styles.icon} />}
      suffix={<SendCodeButton send={send} />}
      error={error}
    />
  );
}
