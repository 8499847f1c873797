/**
 * The depth chart and the trade tape, drawn by the worker on canvases handed to it (see
 * `useWorkerCanvas`), or the DOM components where that is not possible.
 */
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DepthChart, TradeTape } from '../OrderBook';
import styles from './MarketCanvases.module.css';
import { canPaintInWorker, useWorkerCanvas } from './useWorkerCanvas';

function PaintedDepth({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  useWorkerCanvas(host, 'depth', symbol);
  return <div ref={host} className={styles.depth} role="img" aria-label={t('trade.depth.canvas')} data-testid="depth-canvas" />;
}

function PaintedTape({ symbol, base, quote }: { symbol: string; base: string; quote: string }) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  useWorkerCanvas(host, 'tape', symbol);
  return (
    <div className={styles.tape}>
      <div className={styles.tapeHead} aria-hidden="true">
        <span>{t('trade.tape.time')}</span>
        <span className={styles.right}>{t('trade.book.price', { coin: quote })}</span>
        <span className={styles.right}>{t('trade.tape.qty', { coin: base })}</span>
      </div>
      <div ref={host} className={styles.tapeCanvas} role="img" aria-label={t('trade.tape.canvas')} data-testid="tape-canvas" />
    </div>
  );
}

/** The depth chart: drawn by the worker where it can be. */
export function MarketDepth({ symbol }: { symbol: string }) {
  const painted = canPaintInWorker();
  return painted ? <PaintedDepth symbol={symbol} /> : <DepthChart symbol={symbol} />;
}

/** The trade tape: drawn by the worker where it can be. */
export function MarketTape({ symbol, base, quote }: { symbol: string; base: string; quote: string }) {
  const painted = canPaintInWorker();
  return painted ? <PaintedTape symbol={symbol} base={base} quote={quote} /> : <TradeTape symbol={symbol} base={base} quote={quote} />;
}
