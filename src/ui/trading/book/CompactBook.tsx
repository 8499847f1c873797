/**
 * The trading screen's compact order book, beside the order form: asks above the last price,
 * bids below, `BOOK_ROWS` a side. The worker draws it on a canvas (`worker/market/paint/`), so a
 * tick changes nothing in the DOM; a tap asks the worker which row was drawn under the finger and
 * hands that row's price to the form. A visually hidden live region reads best bid, best ask,
 * spread and last trade at most once a second. Where a canvas cannot be handed to a worker, the
 * same book is rendered as DOM rows (`DomBook`).
 */
import { useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BOOK_GROUPS } from '../../../../domain/market/types';
import { bookHeight } from '../../../../domain/market/bookLayout';
import { marketState } from '../../../state/market';
import { useSelect } from '../../../state/select';
import { getWorker } from '../../../worker-client';
import { DomBook } from './DomBook';
import styles from './CompactBook.module.css';
import { canPaintInWorker, useWorkerCanvas } from './useWorkerCanvas';

/** Rows a side: the form beside it is about this tall at 390×844. */
export const BOOK_ROWS = 8;

interface BookProps {
  symbol: string;
  base: string;
  quote: string;
  onPick: (price: string) => void;
}

/** Best bid, best ask, spread and last trade, for a screen reader, at most once a second. */
function Glance({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const glance = useSelect(marketState.glance, (g) => g[symbol]);
  return (
    <p className={`sr-only ${styles.glance}`} aria-live="polite" data-testid="book-glance">
      {glance?.bidText
        ? t('trade.book.glance', { bid: glance.bidText, ask: glance.askText, spread: glance.spreadText, last: glance.lastText || '--' })
        : ''}
    </p>
  );
}

function PaintedBook({ symbol, onPick }: { symbol: string; onPick: (price: string) => void }) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const surface = useWorkerCanvas(host, 'book', symbol, BOOK_ROWS);
  const [picked, setPicked] = useState('');
  const pick = (e: MouseEvent<HTMLDivElement>) => {
    const id = surface.current;
    if (id === null) return;
    const y = e.clientY - e.currentTarget.getBoundingClientRect().top;
    void getWorker()
      .market.pickBookRow(id, y)
      .then((hit) => {
        if (!hit) return;
        setPicked(hit.price);
        onPick(hit.price);
      });
  };
  return (
    <>
      <div
        ref={host}
        className={styles.canvas}
        style={{ height: bookHeight(BOOK_ROWS) }}
        role="img"
        aria-label={t('trade.book.canvas')}
        onClick={pick}
        data-testid="book-canvas"
        data-picked={picked}
      />
      <Glance symbol={symbol} />
    </>
  );
}

/** The grouping of the book's prices, as a compact select; its choices come with the book. */
function Grouping({ symbol, painted }: { symbol: string; painted: boolean }) {
  const { t } = useTranslation();
  const source = painted ? marketState.glance : marketState.depth;
  const group = useSelect(source, (d) => d[symbol]?.group ?? 1);
  const texts = useSelect(source, (d) => d[symbol]?.groupTexts);
  return (
    <label className={styles.grouping}>
      <span className="sr-only">{t('trade.book.group')}</span>
      <select
        value={group}
        onChange={(e) => void getWorker().market.setBookGrouping(symbol, Number(e.target.value))}
        data-testid="book-grouping"
        className="num"
      >
        {BOOK_GROUPS.map((g, i) => (
          <option key={g} value={g}>
            {texts?.[i] ?? `×${g}`}
          </option>
        ))}
      </select>
    </label>
  );
}

export function CompactBook({ symbol, base, quote, onPick }: BookProps) {
  const { t } = useTranslation();
  const painted = canPaintInWorker();
  return (
    <section
      className={`${styles.book} live`}
      data-testid="order-book"
      data-paint={painted ? 'worker' : 'dom'}
      aria-label={t('trade.tabs.book')}
    >
      <div className={styles.head} aria-hidden="true">
        <span>{t('trade.book.price', { coin: quote })}</span>
        <span>{t('trade.tape.qty', { coin: base })}</span>
      </div>
      {painted ? <PaintedBook symbol={symbol} onPick={onPick} /> : <DomBook symbol={symbol} coin={base} rows={BOOK_ROWS} onPick={onPick} />}
      <Grouping symbol={symbol} painted={painted} />
    </section>
  );
}
