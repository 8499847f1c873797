import { ArrowLeftRight, ChartCandlestick, House, Landmark, Wallet, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { TABS, type TabKey } from '../paths';
import styles from './TabBar.module.css';

const ICONS: Record<TabKey, LucideIcon> = {
  home: House,
  market: ChartCandlestick,
  trade: ArrowLeftRight,
  finance: Landmark,
  assets: Wallet,
};

/** The bottom tab bar: home, market, trade, finance, assets. */
export function TabBar() {
  const { t } = useTranslation();
  return (
    <nav className={styles.bar} aria-label={t('nav.tabs')}>
      {TABS.map(({ key, path }) => {
        const Icon = ICONS[key];
        return (
          <NavLink key={key} to={path} className={({ isActive }) => `${styles.tab} ${isActive ? styles.active : ''}`} data-tab={key}>
            <Icon size={22} strokeWidth={1.8} />
            <span>{t(`nav.${key}`)}</span>
          </NavLink>
        );
      })}
    </nav>
  );
}
