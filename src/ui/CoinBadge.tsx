import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiQuery } from '../api/queries';
import styles from './CoinBadge.module.css';

/** Brand colours of the coins by name (`color` without `#`); empty while the list loads. */
export function useCoinColors(): Map<string, string | undefined> {
  const { data } = useQuery(apiQuery('/currency/list'));
  return useMemo(() => new Map((data?.currencies ?? []).map((c) => [c.name, c.color ? `#${c.color}` : undefined])), [data]);
}

/** A round coin mark: the first letter on the coin's colour (the theme's accent when it has none). */
export function CoinBadge({ name, color, size = 36 }: { name: string; color?: string; size?: number }) {
  return (
    <span
      className={`${styles.coin} ${color ? styles.branded : ''}`}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.42), ...(color ? { background: color } : {}) }}
      aria-hidden="true"
    >
      {name.slice(0, 1)}
    </span>
  );
}
