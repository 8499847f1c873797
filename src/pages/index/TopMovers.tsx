import { ChevronRight } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { Movers } from '../../../worker/market/MarketSlice';
import { useMarketField } from '../../state/market';
import { Tabs } from '../../ui/Tabs';
import { contractPath, pagePath } from '../../paths';
import { TickerRow } from '../../ui/TickerRow';
import home from './HomePage.module.css';
import styles from './TopMovers.module.css';

const SHOWN = 6;
/** A ticker row's fixed height (src/ui/TickerRow.module.css). */
const ROW_HEIGHT = 64;

/** Live top gainers, losers and turnover, ranked in the worker. */
export function TopMovers() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const movers = useMarketField('movers');
  const [tab, setTab] = useState<keyof Movers>('gainers');
  // One function for every render: the rows are memoised and re-render only on their own tick.
  const open = useCallback((symbol: string) => navigate(contractPath(symbol)), [navigate]);
  const symbols = movers?.[tab].slice(0, SHOWN) ?? [];
  return (
    <section className={home.section} data-testid="top-movers">
      <div className={home.sectionHead}>
        <h2 className={home.sectionTitle}>{t('home.topMovers')}</h2>
        <Link to={pagePath('market', 'market')} className={home.more}>
          {t('common.more')}
          <ChevronRight size={14} />
        </Link>
      </div>
      <Tabs
        items={[
          { key: 'gainers', label: t('home.gainers') },
          { key: 'losers', label: t('home.losers') },
          { key: 'turnover', label: t('home.turnover') },
        ]}
        value={tab}
        onChange={setTab}
      />
      {/* Until the worker ranks the movers, their rows' place is kept: the news below does not jump. */}
      <div className={styles.rows} style={{ height: (movers ? symbols.length : SHOWN) * ROW_HEIGHT }}>
        {symbols.map((symbol) => (
          <TickerRow key={symbol} symbol={symbol} onOpen={open} />
        ))}
      </div>
    </section>
  );
}
