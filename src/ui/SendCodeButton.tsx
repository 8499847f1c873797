import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/request';
import styles from './SendCodeButton.module.css';
import { useCountdown } from './useCountdown';

/** Codes can be requested once a minute (the server enforces it too). */
export const CODE_RESEND_SECONDS = 60;

/**
 * What a send came to: `true` when a code went out, `false` when it did not (the form says why),
 * or the seconds to wait when the server refused it only for now ("too frequent").
 */
export type SendOutcome = boolean | { waitSeconds: number };

/** A failed send's outcome: the server's wait when it gave one, else `false`. */
export function sendRefused(error: unknown): SendOutcome {
  return error instanceof ApiError && error.retryAfter ? { waitSeconds: error.retryAfter } : false;
}

/**
 * "Send code" with a 60 s countdown after a code went out, and the server's own wait after a
 * "too frequent" refusal (a code asked for on another page or before a reload).
 */
export function SendCodeButton({ send }: { send: () => Promise<SendOutcome> }) {
  const { t } = useTranslation();
  const [left, start] = useCountdown();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      const outcome = await send();
      if (outcome === true) start(CODE_RESEND_SECONDS);
      else if (outcome) start(outcome.waitSeconds);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={styles.button} disabled={busy || left > 0} onClick={onClick} data-testid="send-code">
      {left > 0 ? t('auth.resendIn', { seconds: left }) : t('auth.sendCode')}
    </button>
  );
}
