/** Pieces the OTC screens share: the merchant avatar, the payment-method tags, the state badge, amounts. */
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../domain/format';
import type { OtcOrder, OtcPaymentMethod } from '../../../domain/otc/types';
import { useFormat } from '../../ui/useFormat';
import styles from './Otc.module.css';

const AVATAR_COLORS = ['#0ea5e9', '#f59e0b', '#10b981', '#8b5cf6', '#ef4444', '#06b6d4', '#ec4899'];

export function MerchantAvatar({ name }: { name: string }) {
  const hue = [...name].reduce((sum, c) => sum + c.charCodeAt(0), 0) % AVATAR_COLORS.length;
  return (
    <span className={styles.avatar} style={{ background: AVATAR_COLORS[hue] }} aria-hidden>
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}

export function Methods({ methods }: { methods: readonly OtcPaymentMethod[] }) {
  const { t } = useTranslation();
  return (
    <div className={styles.methods}>
      {methods.map((m) => (
        <span key={m} className={styles.method}>
          {t(`otc.method.${m}`)}
        </span>
      ))}
    </div>
  );
}

export function StateBadge({ o }: { o: Pick<OtcOrder, 'state' | 'appealed_at'> }) {
  const { t } = useTranslation();
  const open = o.state === 'paid' || o.state === 'pending_release';
  const appealed = o.appealed_at !== null && open;
  return (
    <span className={`${styles.status} ${styles[appealed ? 'appealed' : o.state]}`} data-testid="otc-state" data-state={o.state}>
      {appealed ? t('otc.state.appealed') : t(`otc.state.${o.state}`)}
    </span>
  );
}

/** The decimals a decimal string is written with (the server sends them normalised: no trailing zeros). */
function decimalsOf(v: string): number {
  const dot = v.indexOf('.');
  return dot < 0 ? 0 : v.length - dot - 1;
}

/** Amount formatters in the interface language: fiat at its decimals, USDT at its own. */
export function useOtcAmounts(fiatDecimals: number, usdtDecimals: number) {
  const fmt = useFormat();
  return {
    fiat: (v: string, fiat: string) => `${formatAmount(v, fiatDecimals, fmt.lang)} ${fiat}`,
    usdt: (v: string) => `${formatAmount(v, usdtDecimals, fmt.lang)} USDT`,
    usdtShort: (v: string) => `${formatAmount(v, 2, fmt.lang)} USDT`,
    usdtWhole: (v: string) => `${formatAmount(v, 0, fmt.lang)} USDT`,
    /** A price in the fiat: at least the fiat's decimals, and every decimal the merchant set (1.005 stays 1.005). */
    price: (v: string, fiat: string) => `${formatAmount(v, Math.max(fiatDecimals, decimalsOf(v)), fmt.lang)} ${fiat}`,
    priceBare: (v: string) => formatAmount(v, Math.max(fiatDecimals, decimalsOf(v)), fmt.lang),
    /** A fiat figure without its code (the code is shown beside it). */
    fiatBare: (v: string) => formatAmount(v, fiatDecimals, fmt.lang),
  };
}

/** An order's reference as shown: `#123`. */
export function orderRef(id: number): string {
  return `#${id}`;
}
