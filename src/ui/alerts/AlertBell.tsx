import { Bell, BellRing } from 'lucide-react';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { MarketPair } from '../../../domain/market/types';
import { LOGIN_PATH } from '../../api/request';
import { AlertSheet } from './AlertSheet';
import { useAlerts } from './useAlerts';
import styles from './Alerts.module.css';

/**
 * The price-alert bell of a pair screen's header: ringing with a dot while the pair has active
 * alerts; a tap opens the alert sheet (signed out: log in, then back here).
 */
export const AlertBell = memo(function AlertBell({ pair }: { pair: Pick<MarketPair, 'id' | 'symbol' | 'price_decimals'> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { alerts, signedIn } = useAlerts(pair.symbol);
  const [open, setOpen] = useState(false);
  const armed = alerts.some((a) => a.state === 'active');
  const Icon = armed ? BellRing : Bell;
  return (
    <>
      <button
        type="button"
        className={`${styles.bell} ${armed ? styles.bellArmed : ''}`}
        onClick={() =>
          signedIn ? setOpen(true) : void navigate(`${LOGIN_PATH}?redirect=${encodeURIComponent(location.pathname + location.search)}`)
        }
        aria-label={t('alerts.bell')}
        data-testid="alert-bell"
      >
        <Icon size={19} />
        {armed && <span className={styles.bellDot} />}
      </button>
      {open && <AlertSheet pair={pair} onClose={() => setOpen(false)} />}
    </>
  );
});
