import { Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MARKET_CATEGORIES, type MarketCategory } from '../../../domain/market/types';
import { marketState, useMarketField } from '../../state/market';
import { Sheet } from '../Sheet';
import { Tabs } from '../Tabs';
import { TextField } from '../TextField';
import { TickerRow } from '../TickerRow';
import styles from './ContractPage.module.css';

/** Matches a symbol against a typed query, with or without the slash: "btc", "btcusdt", "BTC/U". */
export function matchesSymbol(symbol: string, query: string): boolean {
  const q = query.trim().toUpperCase().replace(/\s+/g, '');
  return !q || symbol.includes(q) || symbol.replace('/', '').includes(q.replace('/', ''));
}

/** The pair switcher: a searchable list of every pair by category, live; picking one closes the sheet. */
export function PairSheet({
  open,
  current,
  onPick,
  onClose,
}: {
  open: boolean;
  current: string;
  onPick: (symbol: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const category0 = (marketState.tickers[current]?.category ?? 'crypto') as MarketCategory;
  const [category, setCategory] = useState<MarketCategory>(category0);
  const symbols = useMarketField('symbols');
  const list = useMemo(
    () => symbols.filter((s) => (query.trim() ? matchesSymbol(s, query) : marketState.tickers[s]?.category === category)),
    [symbols, query, category],
  );
  return (
    <Sheet open={open} title={t('trade.pair.switch')} onClose={onClose}>
      <div className={styles.sheetSearch}>
        <TextField value={query} onChange={setQuery} placeholder={t('trade.pair.search')} name="pair" prefix={<Search size={16} />} />
      </div>
      {!query.trim() && (
        <Tabs
          items={MARKET_CATEGORIES.map((key) => ({ key, label: t(`market.categories.${key}`) }))}
          value={category}
          onChange={setCategory}
        />
      )}
      <div className={styles.sheetList} data-testid="pair-sheet">
        {list.map((s) => (
          <TickerRow key={s} symbol={s} onOpen={onPick} />
        ))}
        {!list.length && <p className={styles.none}>{t('market.noResults')}</p>}
      </div>
    </Sheet>
  );
}
