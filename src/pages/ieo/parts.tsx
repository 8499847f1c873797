/** Pieces the IEO screens share: the phase badge, the countdown, the subscription progress. */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Decimal } from '../../../domain/decimal';
import { formatAmount, formatNumber } from '../../../domain/format';
import type { IeoPhase, IeoProject } from '../../../domain/ieo/types';
import { useInvalidate } from '../../api/queries';
import { useFormat } from '../../ui/useFormat';
import { countdownParts, dateTime, useSecondTick } from './time';
import styles from './Ieo.module.css';

export function PhaseBadge({ phase }: { phase: IeoPhase }) {
  const { t } = useTranslation();
  return (
    <span className={`${styles.status} ${styles[phase]}`} data-testid="ieo-phase" data-phase={phase}>
      {t(`ieo.phase.${phase}`)}
    </span>
  );
}

/**
 * The countdown to the start (preheating) or the end (in progress), ticking each second from the
 * server's `countdown_to`; once it runs out the IEO answers are refetched, so the phase moves on.
 * A finished project shows when it ended.
 */
export function Countdown({ p, large = false }: { p: IeoProject; large?: boolean }) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const to = p.countdown_to;
  const now = useSecondTick(to !== null);
  const refetched = useRef<number | null>(null);
  const over = to !== null && now >= to;
  useEffect(() => {
    if (!over || refetched.current === to) return;
    refetched.current = to;
    void invalidate('ieo');
  }, [over, to, invalidate]);
  if (to === null)
    return (
      <div className={`${styles.countdown} ${large ? styles.large : ''}`} data-testid="ieo-countdown">
        <span className={styles.muted}>{t('ieo.endedOn')}</span>
        <b className="num">{dateTime(p.ends_at)}</b>
      </div>
    );
  const { days, hms } = countdownParts(to, now);
  return (
    <div className={`${styles.countdown} ${large ? styles.large : ''}`} data-testid="ieo-countdown">
      <span className={styles.muted}>{t(p.phase === 'preheating' ? 'ieo.startsIn' : 'ieo.endsIn')}</span>
      <b className="num">{days > 0 ? t('ieo.countdown', { d: days, hms }) : hms}</b>
    </div>
  );
}

/** Subscribed ÷ total issuance: the bar fills at 100 %, the figure goes on (oversubscription). */
export function Progress({ p }: { p: IeoProject }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const percent = new Decimal(p.progress).mul(100);
  const width = Decimal.min(percent, 100).toDecimalPlaces(1, Decimal.ROUND_DOWN).toNumber();
  const over = percent.gt(100);
  const shown = percent.toDecimalPlaces(2, Decimal.ROUND_DOWN);
  // A start smaller than the figure's precision still shows that something was subscribed.
  const tiny = shown.isZero() && new Decimal(p.subscribed).gt(0);
  const label = tiny ? `< ${formatNumber('0.01', fmt.lang)}` : formatNumber(shown, fmt.lang, { maxDecimals: 2, minDecimals: 0 });
  return (
    <div className={styles.progressBlock}>
      <div className={`${styles.progress} ${over ? styles.over : ''}`} aria-hidden="true">
        <span style={{ width: `${width}%` }} />
      </div>
      <div className={styles.progressText}>
        <span data-testid="ieo-progress">
          {t('ieo.progressN', { n: label })}
          {over && <em className={styles.overTag}>{t('ieo.oversubscribed')}</em>}
        </span>
        <span className="num">
          {formatAmount(p.subscribed, p.token_decimals, fmt.lang)} / {formatAmount(p.total, p.token_decimals, fmt.lang)} {p.token}
        </span>
      </div>
    </div>
  );
}
