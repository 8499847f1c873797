/**
 * The chat room the page shows (docs/community/CHAT.md): one room at a time
 * (the interface language's), its messages merged from the history pages (`GET /api/chat/history`,
 * newest first, paged backwards) and the live `chat:<room>` topic, and the room's online count.
 *
 * Merge rules (tests/unit/chatSlice.test.ts): messages are keyed by id, so a message that comes
 * both in a history page and live (or from the sender's own answer) is kept once; the list is
 * ordered by id (the server's insertion order, oldest first); a deleted id is remembered for the
 * room's life, so a history page fetched before the deletion cannot bring it back; anything for
 * another room, or for an earlier visit (`epoch`), is dropped.
 */
import type { ChatEvent, ChatMessage, ChatRoom } from '../../domain/chat/types';
import { parseTopic, type TopicMessage, type TopicSnapshot } from '../../domain/protocol';
import type { Slice, SliceHooks } from '../slice';

/** The room as the page shows it, handed over whole when it changes. */
export interface ChatView {
  room: ChatRoom | null;
  /** Bumped on each `open`: the page scrolls to the bottom for a new visit. */
  epoch: number;
  /** Oldest first. */
  messages: readonly ChatMessage[];
  /** Sockets in the room (this node's), null until the topic's snapshot came. */
  online: number | null;
  /** The first history page arrived. */
  ready: boolean;
  /** Older messages may exist before the first one held. */
  hasMore: boolean;
  loadingOlder: boolean;
  /** The last history request failed (the page offers a retry). */
  failed: boolean;
}

export interface ChatChanges {
  chat?: ChatView;
}

/** Which history page an answer belongs to: the latest, or the one before the oldest held. */
export type HistoryPage = 'latest' | 'older';

const EMPTY: ChatView = {
  room: null,
  epoch: 0,
  messages: [],
  online: null,
  ready: false,
  hasMore: false,
  loadingOlder: false,
  failed: false,
};

export class ChatSlice implements Slice<ChatChanges> {
  private view: ChatView = EMPTY;
  private readonly byId = new Map<number, ChatMessage>();
  private deleted = new Set<number>();
  private dirty = false;
  private resubscribed: (() => void) | null = null;

  readonly hooks: SliceHooks = {
    applySnapshot: (snap) => this.apply(snap),
    applyMessage: (msg) => this.apply(msg),
    drop: (topic) => this.drop(topic),
  };

  /** Called when the room's topic is (re)subscribed after the first page: messages may have been missed meanwhile. */
  onResubscribed(listener: (() => void) | null): void {
    this.resubscribed = listener;
  }

  /** Starts a visit of `room`: forgets the previous room's messages. Returns the visit's epoch. */
  open(room: ChatRoom): number {
    this.byId.clear();
    this.deleted = new Set();
    this.set({ ...EMPTY, room, epoch: this.view.epoch + 1 });
    return this.view.epoch;
  }

  /** Ends the visit (the page closed): nothing more is merged until the next `open`. */
  close(): void {
    this.byId.clear();
    this.deleted = new Set();
    this.set({ ...EMPTY, epoch: this.view.epoch + 1 });
  }

  get room(): ChatRoom | null {
    return this.view.room;
  }

  get epoch(): number {
    return this.view.epoch;
  }

  /** The oldest message held: the next older page is asked for before it. */
  oldestId(): number | null {
    return this.view.messages[0]?.id ?? null;
  }

  /** Whether an older page should be asked for now (one at a time, only when there may be one). */
  canLoadOlder(): boolean {
    return this.view.ready && this.view.hasMore && !this.view.loadingOlder;
  }

  markLoadingOlder(): void {
    this.set({ ...this.view, loadingOlder: true, failed: false });
  }

  /**
   * A history page (newest first, as the server sends it) asked for with `limit`. A full latest
   * page that does not reach the newest message held means a hole between them (a long
   * disconnection): the held messages are dropped and the room starts again from this page.
   */
  applyHistory(epoch: number, which: HistoryPage, page: readonly ChatMessage[], limit: number): void {
    if (epoch !== this.view.epoch || !this.view.room) return;
    const full = page.length >= limit;
    const newestHeld = this.view.messages.at(-1)?.id ?? null;
    const oldestInPage = page.at(-1)?.id ?? null;
    if (which === 'latest' && full && newestHeld !== null && oldestInPage !== null && oldestInPage > newestHeld) this.byId.clear();
    for (const m of page) if (m.room === this.view.room && !this.deleted.has(m.id)) this.byId.set(m.id, m);
    const hasMore = which === 'older' || !this.view.ready || this.byId.size === page.length ? full : this.view.hasMore;
    this.set({
      ...this.view,
      messages: this.sorted(),
      ready: true,
      hasMore,
      loadingOlder: which === 'older' ? false : this.view.loadingOlder,
      failed: false,
    });
  }

  /** A history request of this visit failed. */
  historyFailed(epoch: number, which: HistoryPage): void {
    if (epoch !== this.view.epoch) return;
    this.set({ ...this.view, failed: true, loadingOlder: which === 'older' ? false : this.view.loadingOlder });
  }

  /** A message the user just sent (the send's answer): shown at once, the live copy is the same id. */
  addOwn(message: ChatMessage): void {
    this.addMessage(message);
  }

  /** A snapshot or a message of a `chat:` topic; anything else is ignored. */
  apply(m: TopicSnapshot | TopicMessage): void {
    if (m.kind !== 'chat') return;
    const parsed = parseTopic(m.topic);
    if (parsed?.kind !== 'chat' || parsed.room !== this.view.room) return;
    if ('type' in m.data) return this.applyEvent(m.data);
    this.set({ ...this.view, online: m.data.online });
    if (this.view.ready) this.resubscribed?.();
  }

  /** The topic is no longer watched. */
  drop(topic: string): void {
    const parsed = parseTopic(topic);
    if (parsed?.kind === 'chat' && parsed.room === this.view.room) this.set({ ...this.view, online: null });
  }

  get isDirty(): boolean {
    return this.dirty;
  }

  take(): ChatChanges {
    this.dirty = false;
    return { chat: this.view };
  }

  private applyEvent(event: ChatEvent): void {
    if (event.type === 'message') return this.addMessage(event.message, event.online);
    if (event.type === 'delete') {
      this.deleted.add(event.id);
      const had = this.byId.delete(event.id);
      return this.set({ ...this.view, online: event.online, ...(had && { messages: this.sorted() }) });
    }
    this.set({ ...this.view, online: event.online });
  }

  private addMessage(message: ChatMessage, online = this.view.online): void {
    if (message.room !== this.view.room || this.deleted.has(message.id)) return;
    const known = this.byId.has(message.id);
    this.byId.set(message.id, message);
    this.set({ ...this.view, online, ...(!known && { messages: this.sorted() }) });
  }

  private sorted(): ChatMessage[] {
    return [...this.byId.values()].sort((a, b) => a.id - b.id);
  }

  private set(view: ChatView): void {
    this.view = view;
    this.dirty = true;
  }
}
