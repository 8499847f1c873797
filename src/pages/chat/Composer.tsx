import { SendHorizontal } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_TEXT_MAX, type ChatMessage, type ChatRoom } from '../../../domain/chat/types';
import { ApiError, call } from '../../api/request';
import styles from './ChatRoom.module.css';

/** The counter shows from this many characters on (a message holds at most `CHAT_TEXT_MAX`). */
const COUNTER_FROM = CHAT_TEXT_MAX - 100;
/** The field grows with its text up to this height, then scrolls. */
const FIELD_MAX_PX = 112;

/**
 * The composer pinned at the bottom: a growing field (Enter sends, Shift+Enter breaks the line),
 * a character counter near the limit, the send button (disabled while empty or sending), and the
 * server's refusal (muted, too fast, too long) in the reader's language above it.
 */
export function Composer({ room, onSent }: { room: ChatRoom; onSent: (message: ChatMessage) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const length = text.trim().length;

  // The field's height follows its text (after each change is drawn, so also after a send clears it).
  useLayoutEffect(() => {
    const el = field.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, FIELD_MAX_PX)}px`;
  }, [text]);

  const send = async () => {
    if (!length || sending) return;
    setSending(true);
    try {
      const message = await call('/chat/send', { room, text }, { silent: true });
      // Words typed while it was on its way stay in the field.
      setText((current) => (current === text ? '' : current));
      setError(null);
      onSent(message);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setSending(false);
      field.current?.focus();
    }
  };

  return (
    <div className={styles.composer}>
      {error && (
        <p className={styles.error} role="alert" data-testid="chat-error">
          {error}
        </p>
      )}
      <div className={styles.compose}>
        <div className={styles.field}>
          <textarea
            ref={field}
            rows={1}
            value={text}
            placeholder={t('chat.placeholder')}
            enterKeyHint="send"
            onChange={(e) => {
              setText(e.target.value);
              setError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                void send();
              }
            }}
            aria-label={t('chat.message')}
            data-testid="chat-input"
          />
          {length >= COUNTER_FROM && (
            <span className={`${styles.counter} num ${length > CHAT_TEXT_MAX ? styles.over : ''}`} data-testid="chat-counter">
              {length}/{CHAT_TEXT_MAX}
            </span>
          )}
        </div>
        <button
          type="button"
          className={styles.send}
          disabled={!length || sending}
          onClick={() => void send()}
          aria-label={t('chat.send')}
          data-testid="chat-send"
        >
          <SendHorizontal size={18} />
        </button>
      </div>
    </div>
  );
}
