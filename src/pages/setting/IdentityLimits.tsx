import { useTranslation } from 'react-i18next';
import { IDENTITY_LIMITS } from '../../../domain/identity';
import { otcPerTradeLimit } from '../../../domain/otc/formulas';
import { useFormat } from '../../ui/useFormat';
import styles from './IdentityLimits.module.css';

/**
 * What basic and advanced verification allow, with the user's current level marked. The
 * fiat figure is the one OTC enforces and shows (`otcPerTradeLimit`), the same in every language.
 */
export function IdentityLimits({ level }: { level: number }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <div className={styles.levels}>
      {([1, 2] as const).map((l) => (
        <div key={l} className={`${styles.level} ${level >= l ? styles.reached : ''}`} data-testid={`limits-${l}`}>
          <b>{t(`identity.levelName${l}`)}</b>
          <span>{t('identity.limitWithdraw', { amount: fmt.number(IDENTITY_LIMITS[l].withdrawBtcPer24h) })}</span>
          <span>{t('identity.limitFiat', { amount: fmt.number(otcPerTradeLimit(l)!.toFixed()) })}</span>
          {l === 2 && <span className={styles.note}>{t('identity.advancedNeeds')}</span>}
        </div>
      ))}
    </div>
  );
}
