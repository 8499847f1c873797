import { useEffect } from 'react';
import { getWorker } from '../worker-client';

/** Watches realtime topics while the component is mounted (the worker ref-counts them). */
export function useTopics(topics: readonly string[]): void {
  const key = topics.join('|');
  useEffect(() => {
    const list = key ? key.split('|') : [];
    if (!list.length) return;
    const worker = getWorker();
    void worker.subscribe(list);
    return () => void worker.unsubscribe(list);
  }, [key]);
}
