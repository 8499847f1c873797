/**
 * Pieces the copy-trading pages (the follow and copytrade URLs) share: the trader's avatar, the figures
 * as percentages and signed USDT, the side badge.
 * Display only: the server computes.
 */
import { Decimal } from '../../../domain/decimal';
import type { FuturesSide } from '../../../domain/futures/types';
import { formatNumber, formatPercent, selectTone } from '../../../domain/format';
import type { Lang } from '../../../domain/i18n';
import { useTranslation } from 'react-i18next';
import styles from './CopyTrading.module.css';

export function Avatar({ name, src, large }: { name: string; src: string | null; large?: boolean }) {
  const className = `${styles.avatar} ${large ? styles.avatarLarge : ''}`;
  return src ? <img className={className} src={src} alt="" /> : <span className={className}>{(name.trim()[0] ?? '?').toUpperCase()}</span>;
}

/** A fraction (`0.1234`) as a signed percentage (`+12.34%`); `--` when there is none yet. */
export function signedPercent(fraction: string | null, lang: Lang): string {
  return fraction === null ? '--' : formatPercent(new Decimal(fraction).mul(100).toFixed(), lang, 2);
}

/** A fraction as an unsigned percentage (accuracy); `--` when there is none yet. */
export function plainPercent(fraction: string | null, lang: Lang): string {
  return fraction === null ? '--' : signedPercent(fraction, lang).replace(/^\+/, '');
}

/** USDT with its sign (`+12.5`, `-3`), two decimals. */
export function signedUsdt(value: string | null, lang: Lang): string {
  if (value === null) return '--';
  const text = formatNumber(value, lang, { maxDecimals: 2 });
  return new Decimal(value).gt(0) ? `+${text}` : text;
}

/** The CSS class of a signed value's colour (`up`, `down`, or none). */
export function toneClass(value: string | null): string {
  if (value === null) return '';
  const tone = selectTone(value);
  return tone === 'flat' ? '' : tone;
}

export function SideBadge({ side }: { side: FuturesSide }) {
  const { t } = useTranslation();
  return <span className={`${styles.side} ${styles[side]}`}>{t(`copytrade.side.${side}`)}</span>;
}
