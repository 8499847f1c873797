import { ChevronRight, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styles from './ListItem.module.css';

interface ListItemProps {
  label: string;
  icon?: LucideIcon;
  /** Shown on the right, before the chevron. */
  value?: ReactNode;
  /** A count in a red dot (unread notifications). */
  badge?: number;
  to?: string;
  onClick?: () => void;
  testId?: string;
}

/** One row of a settings list: icon, label, value, chevron; a link or a button. */
export function ListItem({ label, icon: Icon, value, badge, to, onClick, testId }: ListItemProps) {
  const body = (
    <>
      {Icon && <Icon size={20} strokeWidth={1.8} className={styles.icon} />}
      <span className={styles.label}>{label}</span>
      {badge ? <span className={styles.badge}>{badge > 99 ? '99+' : badge}</span> : null}
      {value !== undefined && <span className={styles.value}>{value}</span>}
      {(to || onClick) && <ChevronRight size={18} className={styles.chevron} />}
    </>
  );
  if (to)
    return (
      <Link to={to} className={styles.item} data-testid={testId}>
        {body}
      </Link>
    );
  if (onClick)
    return (
      <button type="button" className={styles.item} onClick={onClick} data-testid={testId}>
        {body}
      </button>
    );
  return (
    <div className={styles.item} data-testid={testId}>
      {body}
    </div>
  );
}

/** A titled group of list rows on a card. */
export function ListGroup({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <section className={styles.group}>
      {title && <h2 className={styles.groupTitle}>{title}</h2>}
      <div className={styles.card}>{children}</div>
    </section>
  );
}
