/**
 * A trader's equity curve: cumulative realised P&L at the end of each UTC day over
 * the last 30 days, as the server computed it (`TraderDetail.equity`). A small SVG like the
 * invest payoff picture; the scale is a display mapping, no money math.
 */
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Decimal } from '../../../domain/decimal';
import type { EquityPoint } from '../../../domain/copytrade/types';
import { useFormat } from '../../ui/useFormat';
import { signedUsdt } from './parts';
import styles from './CopyTrading.module.css';

const W = 340;
const H = 150;
const PAD = { left: 4, right: 4, top: 16, bottom: 22 };

export function EquityChart({ points }: { points: readonly EquityPoint[] }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  if (points.length === 0) return null;
  const values = points.map((p) => new Decimal(p.pnl));
  const max = Decimal.max(0, ...values);
  const min = Decimal.min(0, ...values);
  // A flat curve (no closed trade yet, or no change) runs through the middle.
  const flat = max.eq(min);
  const span = flat ? new Decimal(1) : max.minus(min);
  const x = (i: number) => PAD.left + (points.length === 1 ? 0.5 : i / (points.length - 1)) * (W - PAD.left - PAD.right);
  const y = (v: Decimal) =>
    flat ? (H - PAD.bottom + PAD.top) / 2 : PAD.top + max.minus(v).div(span).toNumber() * (H - PAD.top - PAD.bottom);
  const line = values.map((v, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const zero = y(new Decimal(0));
  const area = `${line} L${x(values.length - 1).toFixed(1)},${zero.toFixed(1)} L${x(0).toFixed(1)},${zero.toFixed(1)} Z`;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  return (
    <svg
      className={styles.chart}
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={t('copytrade.equity')}
      data-testid="trader-equity"
      data-points={points.length}
    >
      <line className={styles.chartZero} x1={PAD.left} x2={W - PAD.right} y1={zero} y2={zero} />
      <path className={styles.chartArea} d={area} />
      <path className={styles.chartLine} d={line} />
      <text className={styles.chartLabel} x={PAD.left} y={flat ? zero - 6 : PAD.top - 4} textAnchor="start">
        {signedUsdt(max.toFixed(), fmt.lang)}
      </text>
      <text className={styles.chartLabel} x={PAD.left} y={H - PAD.bottom + 14} textAnchor="start">
        {dayjs(first.t).format('MM-DD')}
      </text>
      <text className={styles.chartLabel} x={W - PAD.right} y={H - PAD.bottom + 14} textAnchor="end">
        {dayjs(last.t).format('MM-DD')}
      </text>
      {!min.isZero() && (
        <text className={styles.chartLabel} x={W - PAD.right} y={H - PAD.bottom - 4} textAnchor="end">
          {signedUsdt(min.toFixed(), fmt.lang)}
        </text>
      )}
    </svg>
  );
}
