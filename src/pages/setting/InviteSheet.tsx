import { Copy } from 'lucide-react';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../state/ui';
import { Button } from '../../ui/Button';
import { Sheet } from '../../ui/Sheet';
import styles from './InviteSheet.module.css';

/** The registration link that carries an invite code. */
export function inviteLink(code: string): string {
  return `${location.origin}${location.pathname}#/pages/common/register?code=${encodeURIComponent(code)}`;
}

/** The user's invite code as a QR code and a link to copy. */
export function InviteSheet({ open, code, onClose }: { open: boolean; code: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [qr, setQr] = useState<string | null>(null);
  const link = inviteLink(code);
  useEffect(() => {
    if (!open || !code) return;
    void QRCode.toDataURL(link, { margin: 1, width: 480, color: { dark: '#0b0e14', light: '#ffffff' } }).then(setQr);
  }, [open, code, link]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      showToast(t('common.copied'));
    } catch {
      showToast(link);
    }
  };
  return (
    <Sheet open={open} title={t('settings.inviteQr')} onClose={onClose}>
      <div className={styles.body}>
        <div className={styles.qr}>{qr && <img src={qr} alt={t('settings.inviteQr')} data-testid="invite-qr" />}</div>
        <p className={styles.code}>
          {t('settings.inviteCode')}
          <b className="num">{code}</b>
        </p>
        <p className={styles.link}>{link}</p>
        <Button block onClick={() => void copy()}>
          <Copy size={16} />
          {t('settings.copyLink')}
        </Button>
      </div>
    </Sheet>
  );
}
