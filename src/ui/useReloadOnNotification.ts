import { useEffect } from 'react';
import { onUserMessage } from '../state/market';

/** Calls `reload` when a system notification arrives (a deposit approved, a withdrawal decided while the page is open). */
export function useReloadOnNotification(reload: () => void): void {
  useEffect(() => onUserMessage((m) => m.kind === 'notifications' && m.data.changed.some((n) => !n.read) && reload()), [reload]);
}
