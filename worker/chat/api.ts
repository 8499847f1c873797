/**
 * The chat namespace of the worker's comlink API (`api.chat…`): the page opens its language's
 * room and the worker does the rest: it watches the room's topic, reads the history pages
 * (`GET /api/chat/history`) and merges them with the live messages in `ChatSlice`, whose view
 * comes to the UI in the snapshots (`chat`). After a resubscribe (a reconnection, a sequence
 * gap) the latest page is read again, so messages missed meanwhile appear.
 */
import { CHAT_PAGE_DEFAULT, type ChatMessage, type ChatRoom } from '../../domain/chat/types';
import { topics } from '../../domain/protocol';
import type { Feed } from '../feed/Feed';
import type { ChatSlice, HistoryPage } from './ChatSlice';
import { restGet } from '../rest';

export interface ChatApiDeps {
  slice: ChatSlice;
  schedule: () => void;
  /** The feed, once `connection.connect` made it. */
  feed: () => Feed | null;
  /** The server's origin (`connection.connect`'s). */
  origin: () => string | null;
}

/** Reads one history page of `room`, newest first. */
async function fetchHistory(origin: string, room: ChatRoom, beforeId: number | null): Promise<ChatMessage[]> {
  const input = { room, limit: String(CHAT_PAGE_DEFAULT), ...(beforeId !== null && { before_id: String(beforeId) }) };
  return restGet('/chat/history', input, { origin });
}

export function chatApi({ slice, schedule, feed, origin }: ChatApiDeps) {
  const load = async (which: HistoryPage): Promise<void> => {
    const room = slice.room;
    const at = origin();
    if (!room || !at) return;
    const epoch = slice.epoch;
    try {
      const page = await fetchHistory(at, room, which === 'older' ? slice.oldestId() : null);
      slice.applyHistory(epoch, which, page, CHAT_PAGE_DEFAULT);
    } catch {
      slice.historyFailed(epoch, which);
    }
    schedule();
  };
  slice.onResubscribed(() => void load('latest'));

  const leave = () => {
    const room = slice.room;
    if (room) feed()?.unsubscribe([topics.chat(room)]);
    slice.close();
  };

  return {
    /** Shows `room` (the interface language's): watches its topic and reads its latest page. */
    open(room: ChatRoom): void {
      if (slice.room === room) return;
      leave();
      slice.open(room);
      feed()?.subscribe([topics.chat(room)]);
      schedule();
      void load('latest');
    },
    /** The page closed: stops watching the room. */
    close(): void {
      leave();
      schedule();
    },
    /** Reads the page before the oldest message held (the user scrolled to the top). */
    loadOlder(): void {
      if (!slice.canLoadOlder()) return;
      slice.markLoadingOlder();
      schedule();
      void load('older');
    },
    /** Reads the latest page again (after a failed load). */
    retry(): void {
      void load('latest');
    },
    /** The message the user just sent, from the send's answer: shown before its live copy arrives. */
    addOwn(message: ChatMessage): void {
      slice.addOwn(message);
      schedule();
    },
  };
}
