import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { FIAT_CODES, FIAT_SYMBOLS } from '../../domain/fiat';
import { useInvalidate } from '../api/queries';
import { fiatState } from '../state/fiat';
import { chooseFiat } from '../state/preferences';
import { Sheet } from './Sheet';
import styles from './LanguageSheet.module.css';

/** Picks the display fiat currency; converted prices follow at once. */
export function FiatSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { fiat } = useSnapshot(fiatState);
  const invalidate = useInvalidate();
  return (
    <Sheet open={open} title={t('settings.fiat')} onClose={onClose}>
      <ul className={styles.list}>
        {FIAT_CODES.map((code) => (
          <li key={code}>
            <button
              type="button"
              className={styles.item}
              onClick={() => void chooseFiat(code).then(() => (onClose(), invalidate('balances')))}
              aria-current={code === fiat.currency_code || undefined}
            >
              <span>
                {code} <span className={styles.muted}>{FIAT_SYMBOLS[code].trim()}</span>
              </span>
              {code === fiat.currency_code && <Check size={18} className={styles.check} />}
            </button>
          </li>
        ))}
      </ul>
    </Sheet>
  );
}
