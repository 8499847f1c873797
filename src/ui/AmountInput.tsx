import { typedAmount } from '../../domain/funds/amounts';
import styles from './AmountInput.module.css';

/**
 * The amount box of every money form (lockming, invest, IEO, copy trading, loans, OTC): the typed
 * amount, its unit and an optional "Max" button, one look everywhere. The text is kept as typed,
 * save full-width digits and points, which become ASCII ones (`typedAmount`); the page's worker
 * preview reads it by the server's rule and says what is wrong. A page never reads the text with
 * the decimal library itself: "abc", ".", "-" or "1..2" must reach the rule, not throw.
 */
export function AmountInput({
  value,
  onChange,
  label,
  placeholder,
  unit,
  max,
  whole = false,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  /** The input's accessible name (the visible label sits above the box). */
  label?: string;
  placeholder?: string;
  unit?: string;
  /** The button that fills in the most the user can take. */
  max?: { label: string; onClick: () => void; testId?: string };
  /** Whole numbers only (shares, a day's count): the phone shows digits without a point. */
  whole?: boolean;
  testId?: string;
}) {
  return (
    <div className={styles.box}>
      <input
        data-testid={testId}
        inputMode={whole ? 'numeric' : 'decimal'}
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(typedAmount(e.target.value))}
        aria-label={label}
      />
      {unit && <span className={styles.unit}>{unit}</span>}
      {max && (
        <button type="button" className={styles.max} onClick={max.onClick} data-testid={max.testId}>
          {max.label}
        </button>
      )}
    </div>
  );
}
