import { Inbox, type LucideIcon } from 'lucide-react';
import styles from './Empty.module.css';

/**
 * An empty or failed list: an icon, what is (not) there, an optional hint under it, and an
 * optional action (retry, log in).
 */
export function Empty({
  text,
  hint,
  action,
  icon: Icon = Inbox,
  testId,
}: {
  text: string;
  /** A second line saying what to do; the text above it then reads as a title. */
  hint?: string;
  action?: { label: string; onClick: () => void };
  icon?: LucideIcon;
  testId?: string;
}) {
  return (
    <div className={styles.empty} data-testid={testId}>
      <Icon size={36} strokeWidth={1.4} />
      <p className={hint ? styles.title : undefined}>{text}</p>
      {hint && <p>{hint}</p>}
      {action && (
        <button type="button" className={styles.action} onClick={action.onClick}>
          {action.label}
        </button>
      )}
    </div>
  );
}
