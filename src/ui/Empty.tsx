import { Inbox } from 'lucide-react';
import styles from './Empty.module.css';

/** An empty or failed list, with an optional retry. */
export function Empty({ text, action }: { text: string; action?: { label: string; onClick: () => void } }) {
  return (
    <div className={styles.empty}>
      <Inbox size={36} strokeWidth={1.4} />
      <p>{text}</p>
      {action && (
        <button type="button" className={styles.action} onClick={action.onClick}>
          {action.label}
        </button>
      )}
    </div>
  );
}
