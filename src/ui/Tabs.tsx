import styles from './Tabs.module.css';

interface TabsProps<K extends string> {
  items: readonly { key: K; label: string }[];
  value: K;
  onChange: (key: K) => void;
  /** `line`: underlined text tabs; `pill`: segmented control. */
  variant?: 'line' | 'pill';
}

/** A row of tabs. */
export function Tabs<K extends string>({ items, value, onChange, variant = 'line' }: TabsProps<K>) {
  return (
    <div className={`${styles.tabs} ${styles[variant]}`} role="tablist">
      {items.map((item) => (
        <button
          key={item.key}
          type="button"
          role="tab"
          aria-selected={item.key === value}
          className={`${styles.tab} ${item.key === value ? styles.active : ''}`}
          onClick={() => onChange(item.key)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
