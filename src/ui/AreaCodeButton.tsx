import { ChevronDown } from 'lucide-react';
import { Link } from 'react-router-dom';
import styles from './AreaCodeButton.module.css';
import { pagePath } from '../paths';

/** The `+code` in front of a phone field; opens the area picker, which returns here. */
export function AreaCodeButton({ code }: { code: string }) {
  return (
    <Link to={pagePath('common', 'area')} className={styles.area} data-testid="area-code">
      <span className="num">+{code}</span>
      <ChevronDown size={14} />
    </Link>
  );
}
