import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SendCodeButton } from './SendCodeButton';
import { TextField } from './TextField';
import styles from './Form.module.css';

/** The 6-digit verification code field with its "send code" button (`send` resolves whether a code went out). */
export function CodeField({ value, onChange, send }: { value: string; onChange: (code: string) => void; send: () => Promise<boolean> }) {
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
    />
  );
}
