/**
 * The chat list's rows: a day separator before the first message of each local day, then the
 * messages; a message opens a group (name and avatar shown) unless it follows the same sender's
 * message within `GROUP_GAP_MS` on the same day.
 */
import dayjs from 'dayjs';
import type { ChatMessage } from '../../../domain/chat/types';

/** Messages of one sender closer than this share a group: the name shows once. */
export const GROUP_GAP_MS = 5 * 60_000;

export type ChatRow =
  { kind: 'day'; key: string; day: number } | { kind: 'message'; key: string; message: ChatMessage; mine: boolean; first: boolean };

/** The rows for `messages` (oldest first); `myId` marks the signed-in user's own messages. */
export function buildChatRows(messages: readonly ChatMessage[], myId: number | null): ChatRow[] {
  const rows: ChatRow[] = [];
  let lastDay = '';
  let prev: ChatMessage | null = null;
  for (const message of messages) {
    const day = dayjs(message.created_at).startOf('day');
    const dayKey = day.format('YYYY-MM-DD');
    const newDay = dayKey !== lastDay;
    if (newDay) rows.push({ kind: 'day', key: `d${dayKey}`, day: day.valueOf() });
    lastDay = dayKey;
    const first = newDay || !prev || prev.user_id !== message.user_id || message.created_at - prev.created_at > GROUP_GAP_MS;
    rows.push({ kind: 'message', key: `m${message.id}`, message, mine: myId !== null && message.user_id === myId, first });
    prev = message;
  }
  return rows;
}
