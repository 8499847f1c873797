import { Headset, SendHorizontal, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SupportHistory, SupportMessage } from '../../../domain/support/types';
import { useInvalidate } from '../../api/queries';
import { call } from '../../api/request';
import { onUserMessage } from '../../state/market';
import { ImagePicker } from '../../ui/ImagePicker';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { useTimeText } from '../../ui/useTimeText';
import styles from './SupportPage.module.css';

const PAGE = 20;

/** Merges messages by id, oldest first. */
function merge(a: readonly SupportMessage[], b: readonly SupportMessage[]): SupportMessage[] {
  const byId = new Map<number, SupportMessage>();
  for (const m of [...a, ...b]) byId.set(m.id, m);
  return [...byId.values()].sort((x, y) => x.id - y.id);
}

/**
 * The customer-service conversation: the history paged backwards, new messages
 * live from the private channel (`support` kind), a composer with text and a picture. Opening it
 * marks every operator reply read.
 */
export default function SupportPage() {
  const { t } = useTranslation();
  // "just now", else month-day and time, the same in every language.
  const timeText = useTimeText();
  const invalidate = useInvalidate();
  const [messages, setMessages] = useState<SupportMessage[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [text, setText] = useState('');
  const [image, setImage] = useState<string | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const [sending, setSending] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);
  const bottom = useRef<HTMLDivElement>(null);
  // What the composer holds now: a send clears only what it sent, not what was typed or picked meanwhile.
  const composing = useRef({ text, image });
  useEffect(() => {
    composing.current = { text, image };
  }, [text, image]);

  const markRead = useCallback(async () => {
    await call('/support/read', {}, { silent: true }).catch(() => undefined);
    await invalidate('support');
  }, [invalidate]);

  useEffect(() => {
    let live = true;
    void call('/support/messages', { limit: String(PAGE) }).then((page: SupportHistory) => {
      if (!live) return;
      setMessages((current) => merge(current, page.items));
      setHasMore(page.has_more);
      setLoaded(true);
      requestAnimationFrame(() => bottom.current?.scrollIntoView());
      if (page.unread > 0) void markRead();
    });
    const stop = onUserMessage((m) => {
      if (m.kind !== 'support' || !m.data.message) return;
      const message = m.data.message;
      setMessages((current) => merge(current, [message]));
      requestAnimationFrame(() => bottom.current?.scrollIntoView({ behavior: 'smooth' }));
      if (message.sender === 'operator') void markRead();
    });
    return () => {
      live = false;
      stop();
    };
  }, [markRead]);

  const loadEarlier = async () => {
    const oldest = messages[0];
    if (!oldest) return;
    const page = await call('/support/messages', { limit: String(PAGE), before: String(oldest.id) });
    setMessages((current) => merge(current, page.items));
    setHasMore(page.has_more);
  };

  const send = async () => {
    const body = text.trim();
    if ((!body && !image) || sending) return;
    setSending(true);
    try {
      const sent = await call('/support/send', { ...(body ? { body } : {}), ...(image ? { image } : {}) });
      setMessages((current) => merge(current, [sent]));
      if (composing.current.text.trim() === body) setText('');
      if (image && composing.current.image === image) {
        setImage(null);
        setPickerKey((k) => k + 1);
      }
      requestAnimationFrame(() => bottom.current?.scrollIntoView({ behavior: 'smooth' }));
    } catch {
      // The request layer already showed why.
    } finally {
      setSending(false);
    }
  };

  return (
    <Page title={pageTitle(t, { area: 'kefu', page: 'index' })}>
      <div className={styles.thread} data-testid="support-thread">
        {hasMore && (
          <button type="button" className={styles.earlier} onClick={() => void loadEarlier()} data-testid="support-earlier">
            {t('support.earlier')}
          </button>
        )}
        <div className={`${styles.row} ${styles.theirs}`}>
          <span className={styles.avatar}>
            <Headset size={16} />
          </span>
          <div className={styles.bubble}>{t('support.welcome')}</div>
        </div>
        {loaded &&
          messages.map((m) => (
            <div
              key={m.id}
              className={`${styles.row} ${m.sender === 'user' ? styles.mine : styles.theirs}`}
              data-testid={`support-msg-${m.sender}`}
            >
              {m.sender === 'operator' && (
                <span className={styles.avatar} title={t('support.agent')}>
                  <Headset size={16} />
                </span>
              )}
              <div className={styles.stack}>
                {m.image && (
                  <button type="button" className={styles.thumb} onClick={() => setViewing(m.image)} aria-label={t('support.image')}>
                    <img src={m.image} alt="" loading="lazy" data-testid="support-image" />
                  </button>
                )}
                {m.body && <div className={styles.bubble}>{m.body}</div>}
                <span className={styles.time}>{timeText(m.created_at, 'MM-DD HH:mm')}</span>
              </div>
            </div>
          ))}
        <div ref={bottom} />
      </div>
      <div className={styles.composer}>
        <div className={styles.picker}>
          <ImagePicker
            key={pickerKey}
            scene="image"
            label=""
            name={t('support.attach')}
            shape="square"
            value={image}
            onChange={setImage}
            testId="support-picker"
          />
        </div>
        <input
          className={styles.input}
          value={text}
          maxLength={1000}
          placeholder={t('support.placeholder')}
          aria-label={t('support.message')}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.nativeEvent.isComposing) void send();
          }}
          data-testid="support-input"
        />
        <button
          type="button"
          className={styles.send}
          disabled={sending || (!text.trim() && !image)}
          onClick={() => void send()}
          aria-label={t('support.send')}
          data-testid="support-send"
        >
          <SendHorizontal size={18} />
        </button>
      </div>
      {viewing && (
        <div className={styles.viewer} role="dialog" onClick={() => setViewing(null)} data-testid="support-viewer">
          <button type="button" className={styles.close} aria-label={t('support.close')}>
            <X size={22} />
          </button>
          <img src={viewing} alt="" />
        </div>
      )}
    </Page>
  );
}
