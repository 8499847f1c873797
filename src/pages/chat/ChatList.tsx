import { useVirtualizer } from '@tanstack/react-virtual';
import dayjs from 'dayjs';
import { ArrowDown } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLang, LANG_TAGS } from '../../../domain/i18n';
import type { ChatRow } from './chatRows';
import styles from './ChatRoom.module.css';
import { MessageText } from './MessageText';

/** Room above the first row: "loading earlier messages", or at the beginning the room's rules. */
const HEAD_PX = 96;
/** Closer than this to the bottom counts as reading the newest messages: new ones scroll in. */
const BOTTOM_SLACK_PX = 80;
/** Closer than this to the top asks for the older page. */
const TOP_SLACK_PX = 240;

interface ChatListProps {
  /** The page body that scrolls. */
  scroller: HTMLDivElement | null;
  rows: readonly ChatRow[];
  /** A new visit of the room (a new room): starts at the bottom. */
  epoch: number;
  hasMore: boolean;
  loadingOlder: boolean;
  /** The reader reached the top and older messages may exist. */
  onTop: () => void;
}

/** A sender's avatar colour, steady per user. */
const hueOf = (userId: number) => (userId * 47) % 360;

/**
 * The room's messages in a virtual list (only the rows on screen exist, however long the
 * history grows): it starts at the bottom, follows new messages while the reader is there (and
 * always after the reader's own), keeps the reader's place when older messages arrive above,
 * and while scrolled up counts the new messages on a pill that brings the reader down.
 */
export function ChatList({ scroller, rows, epoch, hasMore, loadingOlder, onTop }: ChatListProps) {
  const { t, i18n } = useTranslation();
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual hands back fresh functions by design; nothing here is memoised by the compiler.
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller,
    estimateSize: (i) => (rows[i]?.kind === 'day' ? 40 : rows[i]?.kind === 'message' && rows[i].first ? 74 : 50),
    getItemKey: (i) => rows[i]?.key ?? i,
    overscan: 8,
    paddingStart: HEAD_PX,
    useFlushSync: false,
  });
  const stick = useRef(true);
  const [unseen, setUnseen] = useState(0);
  const seen = useRef<{ epoch: number; lastKey: string | null; top: { key: string; start: number } | null; bottom: boolean }>({
    epoch: -1,
    lastKey: null,
    top: null,
    bottom: true,
  });

  const scrollToBottom = useCallback(() => {
    if (!scroller) return;
    stick.current = true;
    setUnseen(0);
    scroller.scrollTop = scroller.scrollHeight;
    // Rows measured after this frame may grow the list: follow once more.
    requestAnimationFrame(() => {
      if (stick.current) scroller.scrollTop = scroller.scrollHeight;
    });
  }, [scroller]);

  // Before paint: a new visit starts at the bottom; rows added above keep the reader's place;
  // rows added below scroll in (the reader was at the bottom, or sent them), else count as unseen.
  useLayoutEffect(() => {
    if (!scroller || !rows.length) return;
    const before = seen.current;
    const firstMessage = rows.find((r) => r.kind === 'message');
    const last = rows[rows.length - 1]!;
    if (before.epoch !== epoch) {
      scrollToBottom();
    } else {
      if (before.top && firstMessage && firstMessage.key !== before.top.key) {
        const index = rows.findIndex((r) => r.key === before.top!.key);
        const start = index >= 0 ? virtualizer.measurementsCache[index]?.start : undefined;
        if (start !== undefined) scroller.scrollTop += start - before.top.start;
      }
      if (last.key !== before.lastKey) {
        const from = rows.findIndex((r) => r.key === before.lastKey);
        const added = rows.slice(from + 1).filter((r) => r.kind === 'message');
        // Where the reader was when the rows were last drawn (not the last scroll event's verdict,
        // which may not have arrived yet).
        if (before.bottom || added.some((r) => r.kind === 'message' && r.mine)) scrollToBottom();
        else setUnseen((n) => n + added.length);
      }
    }
    const topIndex = firstMessage ? rows.indexOf(firstMessage) : -1;
    seen.current = {
      epoch,
      lastKey: last.key,
      top: firstMessage ? { key: firstMessage.key, start: virtualizer.measurementsCache[topIndex]?.start ?? 0 } : null,
      bottom: stick.current,
    };
  }, [rows, epoch, scroller, virtualizer, scrollToBottom]);

  // While pinned, rows that grow when measured keep the newest message in view.
  const total = virtualizer.getTotalSize();
  useLayoutEffect(() => {
    if (scroller && stick.current) scroller.scrollTop = scroller.scrollHeight;
  }, [total, scroller]);

  // The reader's position: pinned to the bottom or not, and the older page when near the top
  // (also when the rows do not fill the screen yet, so there is nothing to scroll).
  useEffect(() => {
    if (!scroller) return;
    const check = () => {
      const fromBottom = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight;
      stick.current = fromBottom < BOTTOM_SLACK_PX;
      seen.current.bottom = stick.current;
      if (stick.current) setUnseen(0);
      if (scroller.scrollTop < TOP_SLACK_PX && hasMore && !loadingOlder) onTop();
    };
    check();
    scroller.addEventListener('scroll', check, { passive: true });
    return () => scroller.removeEventListener('scroll', check);
  }, [scroller, hasMore, loadingOlder, onTop, rows.length]);

  const locale = isLang(i18n.language) ? LANG_TAGS[i18n.language] : undefined;
  const dayLabel = (day: number) => {
    const d = dayjs(day);
    if (d.isSame(dayjs(), 'day')) return t('chat.today');
    if (d.isSame(dayjs().subtract(1, 'day'), 'day')) return t('chat.yesterday');
    return new Intl.DateTimeFormat(locale, {
      month: 'long',
      day: 'numeric',
      ...(!d.isSame(dayjs(), 'year') && { year: 'numeric' }),
    }).format(day);
  };

  return (
    <>
      <div className={styles.list} style={{ height: total }} data-testid="chat-list">
        <div className={styles.head}>
          {loadingOlder ? (
            <span className={styles.loadingOlder}>{t('chat.loadingOlder')}</span>
          ) : (
            !hasMore && (
              <p className={styles.rules} data-testid="chat-beginning">
                <b>{t('chat.beginning')}</b>
                <span>{t('chat.rules')}</span>
              </p>
            )
          )}
        </div>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          return (
            <div
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              className={styles.item}
              style={{ transform: `translateY(${item.start}px)` }}
            >
              {row.kind === 'day' ? (
                <div className={styles.day}>
                  <span>{dayLabel(row.day)}</span>
                </div>
              ) : (
                <div
                  className={`${styles.row} ${row.mine ? styles.mine : styles.theirs} ${row.first ? styles.first : ''}`}
                  data-testid="chat-message"
                  data-id={row.message.id}
                  data-mine={row.mine}
                >
                  {!row.mine &&
                    (row.first ? (
                      <span className={styles.avatar} style={{ background: `hsl(${hueOf(row.message.user_id)} 55% 42%)` }} aria-hidden>
                        {row.message.name.slice(0, 1).toUpperCase()}
                      </span>
                    ) : (
                      <span className={styles.avatarSpace} />
                    ))}
                  <div className={styles.stack}>
                    {row.first && !row.mine && <span className={styles.name}>{row.message.name}</span>}
                    <div className={styles.bubble}>
                      <MessageText text={row.message.text} className={styles.text} />
                      <time className={`${styles.time} num`} dateTime={new Date(row.message.created_at).toISOString()}>
                        {dayjs(row.message.created_at).format('HH:mm')}
                      </time>
                    </div>
                  </div>
                </div>
              )}
            </div>
          );
        })}
      </div>
      {unseen > 0 && (
        <button type="button" className={styles.pill} onClick={scrollToBottom} data-testid="chat-new-pill">
          <ArrowDown size={14} /> {t('chat.newMessages')} <b className="num">{unseen > 99 ? '99+' : unseen}</b>
        </button>
      )}
    </>
  );
}
