import { useEffect } from 'react';
import type { PublicTopic } from '../../domain/protocol';
import { getWorker } from '../worker-client';

/** Watches realtime topics while the component is mounted (the worker ref-counts them). */
export function useTopics(topics: readonly PublicTopic[]): void {
  const key = topics.join('|');
  useEffect(() => {
    // The key is made of these very topics: splitting it gives them back.
    const list = key ? (key.split('|') as PublicTopic[]) : [];
    if (!list.length) return;
    const worker = getWorker();
    void worker.market.subscribe(list);
    return () => void worker.market.unsubscribe(list);
  }, [key]);
}
