/**
 * The chat room's worker slice (worker/chat/ChatSlice.ts): history pages (newest first) and live
 * messages merged by id and ordered oldest first; a deletion removes a message for good, even
 * from a history page fetched before it; another room's or an earlier visit's data is dropped;
 * a full latest page past the held messages (a long disconnection) starts the room again; the
 * online count from the topic; the resubscribe hook after the first page.
 */
import { describe, expect, it, vi } from 'vitest';
import type { ChatEvent, ChatMessage, ChatRoom } from '../../domain/chat/types';
import type { TopicMessage, TopicSnapshot } from '../../domain/protocol';
import { ChatSlice } from '../../worker/chat/ChatSlice';

const msg = (id: number, room: ChatRoom = 'en', text = `m${id}`): ChatMessage => ({
  id,
  room,
  user_id: 100 + (id % 3),
  name: `u${id % 3}`,
  text,
  created_at: 1_700_000_000_000 + id * 1000,
});
/** A history page as the server sends it: newest first. */
const page = (...ids: number[]) => ids.map((id) => msg(id)).sort((a, b) => b.id - a.id);
let seq = 0;
const live = (data: ChatEvent, room: ChatRoom = 'en'): TopicMessage => ({ topic: `chat:${room}`, kind: 'chat', seq: ++seq, data });
const snapshot = (online: number, room: ChatRoom = 'en'): TopicSnapshot => ({
  topic: `chat:${room}`,
  kind: 'chat',
  seq: 0,
  data: { online },
});
const ids = (slice: ChatSlice) => slice.take().chat!.messages.map((m) => m.id);

function opened(room: ChatRoom = 'en') {
  const slice = new ChatSlice();
  const epoch = slice.open(room);
  return { slice, epoch };
}

describe('chat slice merge rules', () => {
  it('merges the latest page, older pages and live messages by id, oldest first', () => {
    const { slice, epoch } = opened();
    slice.applyHistory(epoch, 'latest', page(8, 9, 10), 3);
    let view = slice.take().chat!;
    expect(view.messages.map((m) => m.id)).toEqual([8, 9, 10]);
    expect(view).toMatchObject({ ready: true, hasMore: true });

    slice.apply(live({ type: 'message', message: msg(11), online: 4 }));
    slice.apply(live({ type: 'message', message: msg(11), online: 4 }));
    expect(slice.isDirty).toBe(true);
    view = slice.take().chat!;
    expect(view.messages.map((m) => m.id)).toEqual([8, 9, 10, 11]);
    expect(view.online).toBe(4);

    slice.markLoadingOlder();
    expect(slice.take().chat!.loadingOlder).toBe(true);
    expect(slice.oldestId()).toBe(8);
    // An older page shorter than the limit is the beginning of the room.
    slice.applyHistory(epoch, 'older', page(6, 7), 3);
    view = slice.take().chat!;
    expect(view.messages.map((m) => m.id)).toEqual([6, 7, 8, 9, 10, 11]);
    expect(view).toMatchObject({ hasMore: false, loadingOlder: false });
    expect(slice.isDirty).toBe(false);
  });

  it('keeps a message once whether it came live, in a page or from the send answer, and orders by id', () => {
    const { slice, epoch } = opened();
    slice.addOwn(msg(21));
    slice.apply(live({ type: 'message', message: msg(20), online: 2 }));
    slice.applyHistory(epoch, 'latest', page(18, 19, 20, 21), 30);
    slice.apply(live({ type: 'message', message: msg(21), online: 2 }));
    expect(ids(slice)).toEqual([18, 19, 20, 21]);
  });

  it('drops a deleted message and never lets a page fetched before the deletion bring it back', () => {
    const { slice, epoch } = opened();
    slice.applyHistory(epoch, 'latest', page(1, 2, 3), 30);
    slice.apply(live({ type: 'delete', id: 2, online: 5 }));
    let view = slice.take().chat!;
    expect(view.messages.map((m) => m.id)).toEqual([1, 3]);
    expect(view.online).toBe(5);
    slice.applyHistory(epoch, 'latest', page(1, 2, 3), 30);
    slice.apply(live({ type: 'message', message: msg(2), online: 5 }));
    expect(ids(slice)).toEqual([1, 3]);
    // Deleting a message not held only updates the count.
    slice.apply(live({ type: 'delete', id: 99, online: 6 }));
    view = slice.take().chat!;
    expect(view.messages.map((m) => m.id)).toEqual([1, 3]);
    expect(view.online).toBe(6);
  });

  it("ignores another room's messages and an earlier visit's pages", () => {
    const { slice, epoch } = opened('en');
    slice.apply(live({ type: 'message', message: msg(5, 'zh'), online: 1 }, 'zh'));
    slice.addOwn(msg(6, 'zh'));
    expect(slice.isDirty).toBe(true);
    expect(ids(slice)).toEqual([]);

    const next = slice.open('zh');
    expect(next).toBeGreaterThan(epoch);
    slice.applyHistory(epoch, 'latest', page(1, 2), 30);
    expect(slice.take().chat).toMatchObject({ room: 'zh', ready: false, messages: [] });
    slice.applyHistory(next, 'latest', [msg(7, 'zh')], 30);
    expect(slice.take().chat!.messages.map((m) => m.id)).toEqual([7]);

    slice.close();
    slice.apply(live({ type: 'message', message: msg(8, 'zh'), online: 1 }, 'zh'));
    expect(slice.take().chat).toMatchObject({ room: null, messages: [] });
  });

  it('starts again from a full latest page that does not reach the held messages (a hole between)', () => {
    const { slice, epoch } = opened();
    slice.applyHistory(epoch, 'latest', page(1, 2, 3), 3);
    slice.applyHistory(epoch, 'older', page(0), 3);
    expect(slice.take().chat!.hasMore).toBe(false);
    // A refresh that overlaps keeps everything (and what is known about older pages).
    slice.applyHistory(epoch, 'latest', page(2, 3, 4), 3);
    expect(slice.take().chat).toMatchObject({ hasMore: false });
    expect(ids(slice)).toEqual([0, 1, 2, 3, 4]);
    // After a long disconnection the latest page is past everything held: no hole is shown.
    slice.applyHistory(epoch, 'latest', page(50, 51, 52), 3);
    const view = slice.take().chat!;
    expect(view.messages.map((m) => m.id)).toEqual([50, 51, 52]);
    expect(view.hasMore).toBe(true);
  });

  it('takes the online count from the snapshot and asks for the latest page again on a resubscribe', () => {
    const { slice, epoch } = opened();
    const resubscribed = vi.fn();
    slice.onResubscribed(resubscribed);
    slice.apply(snapshot(3));
    expect(slice.take().chat!.online).toBe(3);
    expect(resubscribed).not.toHaveBeenCalled();
    slice.applyHistory(epoch, 'latest', page(1), 30);
    slice.apply(snapshot(4));
    expect(resubscribed).toHaveBeenCalledTimes(1);
    slice.apply(live({ type: 'online', online: 7 }));
    expect(slice.take().chat!.online).toBe(7);
    slice.drop('chat:en');
    expect(slice.take().chat!.online).toBeNull();
  });

  it('asks for one older page at a time, and only when there may be one', () => {
    const { slice, epoch } = opened();
    expect(slice.canLoadOlder()).toBe(false);
    slice.applyHistory(epoch, 'latest', page(4, 5, 6), 3);
    expect(slice.canLoadOlder()).toBe(true);
    slice.markLoadingOlder();
    expect(slice.canLoadOlder()).toBe(false);
    slice.historyFailed(epoch, 'older');
    expect(slice.take().chat).toMatchObject({ failed: true, loadingOlder: false });
    expect(slice.canLoadOlder()).toBe(true);
  });
});
