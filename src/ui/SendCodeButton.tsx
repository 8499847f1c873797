import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './SendCodeButton.module.css';
import { useCountdown } from './useCountdown';

/** Codes can be requested once a minute (the server enforces it too). */
export const CODE_RESEND_SECONDS = 60;

/** "Send code" with a 60 s countdown; `send` returns whether the code went out. */
export function SendCodeButton({ send }: { send: () => Promise<boolean> }) {
  const { t } = useTranslation();
  const [left, start] = useCountdown();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      if (await send()) start(CODE_RESEND_SECONDS);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={styles.button} disabled={busy || left > 0} onClick={onClick}>
      {left > 0 ? t('auth.resendIn', { seconds: left }) : t('auth.sendCode')}
    </button>
  );
}
