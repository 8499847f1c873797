import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { call } from '../../api/request';
import { sessionState } from '../../state/session';
import { showToast } from '../../state/ui';
import { CodeField } from '../../ui/CodeField';
import styles from '../../ui/Form.module.css';
import { sendRefused } from '../../ui/SendCodeButton';

type Channel = 'email' | 'mobile';

/** A verification code sent to the user's own bound email or phone (their choice when both are bound). */
export function SecurityCodeField({ value, onChange, error }: { value: string; onChange: (code: string) => void; error?: string | null }) {
  const { t } = useTranslation();
  const { user } = useSnapshot(sessionState);
  const channels = [user?.email ? 'email' : null, user?.mobile ? 'mobile' : null].filter((c): c is Channel => c !== null);
  const [chosen, setChosen] = useState<Channel | null>(null);
  const channel = chosen ?? channels[0] ?? 'email';
  const address = channel === 'email' ? user?.email : user?.mobile && `+${user.area_code} ${user.mobile}`;

  const send = async () => {
    try {
      showToast(await call('/safe/send_code', { channel }));
      return true;
    } catch (error) {
      return sendRefused(error);
    }
  };

  return (
    <>
      <CodeField value={value} onChange={onChange} send={send} error={error} />
      {address && (
        <p className={styles.hint}>
          {t('security.codeGoesTo', { address })}
          {channels.length > 1 && (
            <>
              {' '}
              <button type="button" className="link" onClick={() => setChosen(channel === 'email' ? 'mobile' : 'email')}>
                {t(channel === 'email' ? 'security.usePhone' : 'security.useEmail')}
              </button>
            </>
          )}
        </p>
      )}
    </>
  );
}
