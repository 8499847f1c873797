import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { isJustNow, toMillis } from '../../domain/time';

/** Formats a timestamp (seconds or ms): "just now" under 5 minutes, else date and time. */
export function useTimeText(): (timestamp: number | string, pattern?: string) => string {
  const { t } = useTranslation();
  return (timestamp, pattern = 'YYYY-MM-DD HH:mm') =>
    isJustNow(timestamp, Date.now()) ? t('time.justNow') : dayjs(toMillis(timestamp)).format(pattern);
}
