import { proxy, ref } from 'valtio';
import type { ChatView } from '../../worker/chat/ChatSlice';

/**
 * The chat room the worker keeps (worker/chat/ChatSlice.ts): its messages, online count and
 * paging state, held by `ref()` and replaced whole when the worker sends a new view.
 */
export const chatState = proxy({
  view: null as ChatView | null,
});

/** Takes the worker's new room view. */
export function applyChat(view: ChatView): void {
  chatState.view = ref(view);
}
