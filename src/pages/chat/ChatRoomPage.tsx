/**
 * The chat room (docs/community/CHAT.md): the public room of the interface
 * language (switching language switches room). The worker keeps the room (worker/chat): history
 * pages, live messages and deletions, the online count; this page shows its view. Anyone may
 * read; sending needs a sign-in.
 */
import { LogIn, MessagesSquare } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { ChatMessage, ChatRoom } from '../../../domain/chat/types';
import { isLang } from '../../../domain/i18n';
import { LOGIN_PATH } from '../../api/request';
import { refreshUser } from '../../state/account';
import { chatState } from '../../state/chat';
import { sessionState } from '../../state/session';
import { Button } from '../../ui/Button';
import { Empty } from '../../ui/Empty';
import { FeedBanner } from '../../ui/FeedBanner';
import { LANG_NAMES } from '../../ui/LanguageSheet';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { getWorker } from '../../worker-client';
import { buildChatRows } from './chatRows';
import { ChatList } from './ChatList';
import styles from './ChatRoom.module.css';
import { Composer } from './Composer';

export default function ChatRoomPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const room: ChatRoom = isLang(i18n.language) ? i18n.language : 'en';
  const { token, user } = useSnapshot(sessionState);
  const view = useSnapshot(chatState).view;
  const current = view?.room === room ? view : null;
  // The page's scroller as state: the list mounts in the same commit as the page body.
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);

  useEffect(() => {
    const worker = getWorker();
    void worker.chat.open(room);
    return () => void worker.chat.close();
  }, [room]);

  // Own messages are told apart by the user's id, from the profile.
  useEffect(() => {
    if (token && !user) void refreshUser();
  }, [token, user]);

  const myId = token ? (user?.id ?? null) : null;
  const rows = useMemo(() => buildChatRows(current?.messages ?? [], myId), [current?.messages, myId]);

  const onSent = useCallback((message: ChatMessage) => void getWorker().chat.addOwn(message), []);

  const online = current?.online;
  const title = (
    <span className={styles.titleBox}>
      <span className={styles.titleText}>{pageTitle(t, { area: 'chat', page: 'room' })}</span>
      <span className={styles.subtitle} data-testid="chat-online">
        <i className={online != null ? styles.dotLive : styles.dot} />
        {t('chat.room', { lang: LANG_NAMES[room] })}
        {online != null && ` · ${t('chat.online', { count: online })}`}
      </span>
    </span>
  );

  return (
    <Page title={title} className={styles.body} bodyRef={setScroller}>
      <FeedBanner about="messages" />
      {!current?.ready ? (
        current?.failed ? (
          <Empty text={t('chat.failed')} action={{ label: t('chat.retry'), onClick: () => void getWorker().chat.retry() }} />
        ) : (
          <div className={styles.loading} aria-busy="true">
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className={`${styles.ghost} ${i % 2 ? styles.ghostMine : ''}`} />
            ))}
          </div>
        )
      ) : rows.length === 0 ? (
        <Empty icon={MessagesSquare} text={t('chat.empty')} hint={t('chat.rules')} testId="chat-empty" />
      ) : (
        <ChatList
          scroller={scroller}
          rows={rows}
          epoch={current.epoch}
          hasMore={current.hasMore}
          loadingOlder={current.loadingOlder}
          onTop={() => void getWorker().chat.loadOlder()}
        />
      )}
      {token ? (
        <Composer room={room} onSent={onSent} />
      ) : (
        <div className={styles.composer}>
          <div className={styles.signIn} data-testid="chat-sign-in">
            <span>{t('chat.signInHint')}</span>
            <Button onClick={() => void navigate(`${LOGIN_PATH}?redirect=${encodeURIComponent(location.pathname + location.search)}`)}>
              <LogIn size={16} /> {t('chat.signIn')}
            </Button>
          </div>
        </div>
      )}
    </Page>
  );
}
