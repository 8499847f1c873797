/**
 * A list of notifications as the app shows them (system notifications, NFT messages): each
 * `notifications.<kind>.title/body` in the interface language with its amounts formatted, an
 * icon by kind, an unread dot and the time; tapping an unread one calls `onRead`.
 */
import {
  ArrowDownToLine,
  ArrowUpFromLine,
  Bell,
  BellRing,
  CircleX,
  Gavel,
  Gift,
  Handshake,
  KeyRound,
  LockKeyhole,
  MonitorSmartphone,
  ShieldAlert,
  ShieldCheck,
  ShoppingBag,
  TicketPercent,
  TimerOff,
  Trophy,
  type LucideIcon,
} from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isDecimalString } from '../../domain/decimal';
import type { NotificationItem } from '../../domain/notifications/types';
import { isTranslationKey } from '../i18n';
import { useFormat, type NumberFormats } from './useFormat';
import { useTimeText } from './useTimeText';
import styles from './NotificationList.module.css';

/** An icon and its tone per notification kind; unknown kinds get the bell. */
const KIND_ICONS: Record<string, { icon: LucideIcon; tone: 'up' | 'down' | 'primary' }> = {
  identityApproved: { icon: ShieldCheck, tone: 'up' },
  identityRejected: { icon: ShieldAlert, tone: 'down' },
  passwordChanged: { icon: KeyRound, tone: 'primary' },
  payPasswordSet: { icon: LockKeyhole, tone: 'primary' },
  depositApproved: { icon: ArrowDownToLine, tone: 'up' },
  depositRejected: { icon: CircleX, tone: 'down' },
  withdrawalCompleted: { icon: ArrowUpFromLine, tone: 'up' },
  withdrawalRejected: { icon: CircleX, tone: 'down' },
  credited: { icon: Gift, tone: 'up' },
  nftOutbid: { icon: Gavel, tone: 'down' },
  nftWon: { icon: Trophy, tone: 'up' },
  nftLost: { icon: Gavel, tone: 'primary' },
  nftSold: { icon: ShoppingBag, tone: 'up' },
  nftBought: { icon: ShoppingBag, tone: 'up' },
  nftForfeited: { icon: CircleX, tone: 'down' },
  nftDefaulted: { icon: Gift, tone: 'up' },
  nftUnsold: { icon: Gavel, tone: 'primary' },
  loanMarginCall: { icon: ShieldAlert, tone: 'down' },
  loanLiquidated: { icon: CircleX, tone: 'down' },
  loanRepaid: { icon: ShieldCheck, tone: 'up' },
  otcReleased: { icon: ArrowDownToLine, tone: 'up' },
  otcSold: { icon: Handshake, tone: 'up' },
  otcCancelled: { icon: CircleX, tone: 'down' },
  otcExpired: { icon: TimerOff, tone: 'primary' },
  rewardsCouponGranted: { icon: TicketPercent, tone: 'up' },
  rewardsDepositBonus: { icon: Gift, tone: 'up' },
  alertAbove: { icon: BellRing, tone: 'up' },
  alertBelow: { icon: BellRing, tone: 'down' },
  alertChange: { icon: BellRing, tone: 'primary' },
  newDeviceLogin: { icon: MonitorSmartphone, tone: 'down' },
};

/** Parameters that are amounts of the notification's `currency`. */
const AMOUNT_PARAMS = ['amount', 'price', 'due', 'margin', 'proceeds'] as const;

/**
 * The interpolation values of a notification's body: an amount is written at its coin's precision
 * in the language's format; a reason the server gave as a key under `notifications.reasons.` (a
 * seeded credit's) is shown in the reader's language, any other reason as written; identity ones
 * also name their level.
 */
function bodyParams(t: TFunction, fmt: NumberFormats, item: NotificationItem): Record<string, string | number> {
  const { currency, reason } = item.params;
  const params: Record<string, string | number> = { ...item.params };
  if (typeof reason === 'string' && reason.startsWith('notifications.reasons.') && isTranslationKey(reason)) params.reason = t(reason);
  for (const key of AMOUNT_PARAMS) {
    const value = item.params[key];
    if (typeof value === 'string' && isDecimalString(value)) params[key] = fmt.amount(value, typeof currency === 'string' ? currency : '');
  }
  if (!item.kind.startsWith('identity')) return params;
  const levelName = Number(item.params.level) === 2 ? t('notifications.levels.2') : t('notifications.levels.1');
  return { ...params, levelName };
}

/** A notification's title and body in the interface language; a kind this app does not know shows as its name. */
function texts(t: TFunction, fmt: NumberFormats, item: NotificationItem): { title: string; body: string } {
  const title = `notifications.${item.kind}.title`;
  const body = `notifications.${item.kind}.body`;
  return {
    title: isTranslationKey(title) ? t(title) : item.kind,
    body: isTranslationKey(body) ? t(body, bodyParams(t, fmt, item)) : '',
  };
}

export function NotificationList({
  items,
  onRead,
  testId = 'notification-item',
}: {
  items: readonly NotificationItem[];
  onRead: (item: NotificationItem) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const timeText = useTimeText();
  return (
    <ul className={styles.list}>
      {items.map((item) => {
        const { icon: Icon, tone } = KIND_ICONS[item.kind] ?? { icon: Bell, tone: 'primary' };
        const text = texts(t, fmt, item);
        const content = (
          <>
            <span className={`${styles.icon} ${styles[tone]}`}>
              <Icon size={18} strokeWidth={1.9} />
            </span>
            <span className={styles.main}>
              <span className={styles.head}>
                <span className={styles.title}>{text.title}</span>
                {!item.read && <span className={styles.dot} role="img" aria-label={t('notifications.unread')} />}
              </span>
              <span className={styles.body}>{text.body}</span>
              <time className={styles.time}>{timeText(item.created_at)}</time>
            </span>
          </>
        );
        return (
          <li key={item.id} data-testid={testId} data-read={item.read}>
            {item.read ? (
              <div className={`${styles.item} ${styles.read}`}>{content}</div>
            ) : (
              <button type="button" className={styles.item} onClick={() => onRead(item)}>
                {content}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
