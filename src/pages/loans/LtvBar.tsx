import { useTranslation } from 'react-i18next';
import { Decimal } from '../../../domain/decimal';
import { formatNumber, numberSymbols } from '../../../domain/format';
import type { Lang } from '../../../domain/i18n';
import type { LoanRisk } from '../../../domain/loans/formulas';
import { useFormat } from '../../ui/useFormat';
import styles from './Loans.module.css';

/** A rate or line as a fraction (`0.65`) shown as a percentage (`65%`), `decimals` at most: a display shift, no money math. */
export function percent(rate: string, lang: Lang, decimals = 2): string {
  const s = numberSymbols(lang);
  return `${s.percentBefore}${formatNumber(new Decimal(rate).mul(100), lang, { maxDecimals: decimals, minDecimals: 0 })}${s.percentAfter}`;
}

/** The bar's full width: an LTV of 100%. */
const SCALE = 1;

/**
 * The LTV bar: the value filled and coloured by risk, with marks at the initial limit, the margin
 * call and the liquidation line (a display of the worker's figures, no money math).
 */
export function LtvBar({
  value,
  lines,
  risk,
}: {
  value: string | null;
  lines: { initial_ltv: string; margin_call_ltv: string; liquidation_ltv: string };
  risk: LoanRisk | null;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const at = (v: string) => `${Math.min(100, (Number(v) / SCALE) * 100)}%`;
  return (
    <div className={styles.bar}>
      {/* The meter is the track alone (a meter's content is not read): its value, range and name. */}
      <div
        className={styles.track}
        role="meter"
        aria-label={t('loans.ltv')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value === null ? 0 : Math.min(100, Number(value) * 100)}
        aria-valuetext={value === null ? '--' : percent(value, fmt.lang)}
      >
        <span className={`${styles.fill} ${styles[`fill_${risk ?? 'safe'}`]}`} style={{ width: value === null ? '0%' : at(value) }} />
        <i className={styles.mark} style={{ left: at(lines.initial_ltv) }} />
        <i className={`${styles.mark} ${styles.markWarn}`} style={{ left: at(lines.margin_call_ltv) }} />
        <i className={`${styles.mark} ${styles.markDown}`} style={{ left: at(lines.liquidation_ltv) }} />
      </div>
      <div className={styles.legend}>
        <span>
          <i className={styles.dot} />
          {t('loans.markInitial')} {percent(lines.initial_ltv, fmt.lang)}
        </span>
        <span>
          <i className={`${styles.dot} ${styles.markWarn}`} />
          {t('loans.markCall')} {percent(lines.margin_call_ltv, fmt.lang)}
        </span>
        <span>
          <i className={`${styles.dot} ${styles.markDown}`} />
          {t('loans.markLiquidation')} {percent(lines.liquidation_ltv, fmt.lang)}
        </span>
      </div>
    </div>
  );
}
