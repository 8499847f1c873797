import { useSyncExternalStore } from 'react';
import type { FeedStatus } from '../../worker/connection/ConnectionSlice';
import { useMarketField } from '../state/market';

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser says it has a network (a phone in a tunnel says no at once). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * The live feed's state as a screen should show it: the worker's `status`, except that a feed
 * that was live turns `stale` the moment the browser goes offline. The worker learns of a dead
 * socket only by socket.io's heartbeat (about 45 s, and a phone's offline mode leaves an open
 * WebSocket up), while the prices on screen stopped at once.
 */
export function useFeedStatus(): { status: FeedStatus; offline: boolean; feed: FeedStatus } {
  const status = useMarketField('status');
  const online = useOnline();
  const offline = !online && status !== 'connecting';
  return { status: offline ? 'stale' : status, offline, feed: status };
}
