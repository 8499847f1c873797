/**
 * The payoff picture of a dual purchase: what the position is worth in USDT at
 * maturity across settlement prices, with the linked price and today's price marked. The points
 * come from the worker's preview (worker/invest/preview.ts), computed with dualPayout — the
 * formula the server settles with; this only draws them.
 */
import { useTranslation } from 'react-i18next';
import type { DualPreview } from '../../../worker/invest/preview';
import { useFormat } from '../../ui/useFormat';
import styles from './Invest.module.css';

const W = 340;
const H = 190;
const PAD = { left: 8, right: 8, top: 26, bottom: 30 };

export function PayoffChart({ preview, linked, today }: { preview: DualPreview; linked: string; today: string | null }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const x = (v: number) => PAD.left + v * (W - PAD.left - PAD.right);
  const y = (v: number) => H - PAD.bottom - v * (H - PAD.top - PAD.bottom);
  const line = preview.line.map((p, i) => `${i ? 'L' : 'M'}${x(p.x).toFixed(1)},${y(p.y).toFixed(1)}`).join(' ');
  const first = preview.line[0];
  const last = preview.line[preview.line.length - 1];
  const area = first && last ? `${line} L${x(last.x).toFixed(1)},${y(0)} L${x(first.x).toFixed(1)},${y(0)} Z` : '';
  const lx = x(preview.linkedX);
  const tx = preview.marketX === null ? null : x(preview.marketX);
  // Keep a label inside the picture: anchored at its end near the right edge.
  const maxLabel = [fmt.usdtValue(preview.maxValue), 'USDT'].join(' ');
  const anchor = (px: number) => (px > W - 70 ? 'end' : px < 70 ? 'start' : 'middle');
  return (
    <svg
      className={styles.chart}
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={t('invest.payoffAxis')}
      data-testid="invest-payoff"
      data-points={preview.line.length}
    >
      {[0, 0.5, 1].map((g) => (
        <line key={g} className={styles.chartGrid} x1={PAD.left} x2={W - PAD.right} y1={y(g)} y2={y(g)} />
      ))}
      <path className={styles.chartArea} d={area} />
      <path className={styles.chartLine} d={line} data-testid="invest-payoff-line" />
      <line className={styles.chartLinked} x1={lx} x2={lx} y1={PAD.top - 6} y2={y(0)} data-testid="invest-payoff-linked" />
      <text className={styles.chartLinkedLabel} x={lx} y={PAD.top - 10} textAnchor={anchor(lx)}>
        {t('invest.linkedMark', { price: fmt.number(linked) })}
      </text>
      {tx !== null && today && (
        <>
          <line className={styles.chartToday} x1={tx} x2={tx} y1={PAD.top + 8} y2={y(0)} data-testid="invest-payoff-today" />
          <text className={styles.chartTodayLabel} x={tx} y={y(0) + 22} textAnchor={anchor(tx)}>
            {t('invest.todayPrice', { price: fmt.number(today) })}
          </text>
        </>
      )}
      <text className={styles.chartLabel} x={PAD.left} y={y(0) + 12} textAnchor="start">
        {fmt.number(preview.minPrice)}
      </text>
      <text className={styles.chartLabel} x={W - PAD.right} y={y(0) + 12} textAnchor="end">
        {fmt.number(preview.maxPrice)}
      </text>
      <text className={styles.chartLabel} x={PAD.left + 2} y={y(1) - 4} textAnchor="start">
        {maxLabel}
      </text>
      <text className={styles.chartLabel} x={PAD.left + 2} y={y(0) - 4} textAnchor="start">
        {fmt.usdtValue(preview.minValue)}
      </text>
    </svg>
  );
}
