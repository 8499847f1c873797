/**
 * Where a pair's prices come from, beside its price: the exchange that feeds it
 * (`MARKET_SOURCE=ccxt`), or "Simulated" for a pair the embedded simulator moves. While the
 * exchange's feed is interrupted the chip turns amber and `PriceStaleNotice`, a full-width line
 * under the summary, says so and that orders are paused (the server refuses them); the notice is
 * a live region, so a screen reader hears it come and go.
 */
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TickerView } from '../../../domain/market/views';
import styles from './PriceSource.module.css';

type SourceOf = Pick<TickerView, 'venue' | 'stale'> | undefined;

/**
 * Both take the pair's ticker, which changes on every tick, and render from its venue and its
 * staleness alone, which rarely change: a tick re-renders neither (`memo` over those two).
 */
export function PriceSource({ ticker }: { ticker: SourceOf }) {
  if (!ticker) return null;
  return <SourceChip venue={ticker.venue} stale={ticker.stale} />;
}

const SourceChip = memo(function SourceChip({ venue, stale }: { venue: TickerView['venue']; stale: TickerView['stale'] }) {
  const { t } = useTranslation();
  if (!venue) {
    return (
      <span className={styles.chip} title={t('trade.source.simulatedHint')} data-testid="price-source">
        {t('trade.source.simulated')}
      </span>
    );
  }
  return (
    <span
      className={`${styles.chip} ${stale ? styles.stale : ''}`}
      title={t('trade.source.venue', { venue })}
      data-testid="price-source"
      data-stale={stale ? 'true' : undefined}
    >
      {venue}
    </span>
  );
});

/** The line under a pair's summary while its exchange's feed is interrupted; always in the tree, so its live region is announced. */
export function PriceStaleNotice({ ticker }: { ticker: SourceOf }) {
  const venue = ticker?.venue;
  return <StaleNotice venue={venue} stale={Boolean(venue && ticker?.stale)} />;
}

const StaleNotice = memo(function StaleNotice({ venue, stale }: { venue: TickerView['venue'] | undefined; stale: boolean }) {
  const { t } = useTranslation();
  return (
    <p role="status" className={stale ? styles.notice : styles.quiet} data-testid="price-stale">
      {stale && (
        <>
          <span className={styles.dot} aria-hidden="true" />
          {t('trade.source.stale', { venue })}
        </>
      )}
    </p>
  );
});
