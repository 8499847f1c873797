import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { subscribe } from 'valtio';
import { App } from './App';
import i18next from 'i18next';
import { call } from './api/request';
import { refreshUser } from './state/account';
import { onUserMessage } from './state/market';
import { notificationState } from './state/notifications';
import { refreshFiatRate } from './state/preferences';
import { showToast } from './state/ui';
import { currentLang, initI18n, isTranslationKey } from './i18n';
import { fiatState } from './state/fiat';
import { sessionState } from './state/session';
import { siteState } from './state/site';
import { applySnapshot } from './state/snapshot';
import { migrateStorage } from './state/storage';
import { getWorker, startWorker } from './worker-client';
import { captureInstallEvents } from './ui/pwa/pwaState';
import { UpdatePromptHost } from './ui/pwa/UpdatePromptHost';
import './styles/global.css';

// The browser offers installing once, early: held before anything awaits (docs/PLATFORM.md).
captureInstallEvents();

async function boot(): Promise<void> {
  migrateStorage();
  await initI18n();
  const worker = startWorker(applySnapshot);
  void worker.market.setFiat({ ...fiatState.fiat });
  subscribe(fiatState, () => void getWorker().market.setFiat({ ...fiatState.fiat }));
  // The worker writes prices, changes and turnover in the interface language's format.
  void worker.market.setLang(currentLang());
  i18next.on('languageChanged', () => void getWorker().market.setLang(currentLang()));

  // The worker joins the private channel whenever the token changes.
  let lastToken: string | null = null;
  const syncToken = () => {
    if (sessionState.token === lastToken) return;
    lastToken = sessionState.token;
    void getWorker().connection.setToken(lastToken);
    void refreshUser();
  };
  syncToken();
  subscribe(sessionState, syncToken);

  // Notifications created or marked read (here or elsewhere): the badge takes the channel's count;
  // a new one also toasts and refreshes the profile (a level may have changed).
  onUserMessage((message) => {
    if (message.kind !== 'notifications') return;
    notificationState.unread = message.data.unread;
    const fresh = message.data.changed.find((n) => !n.read);
    if (!fresh) return;
    const title = `notifications.${fresh.kind}.title`;
    if (isTranslationKey(title)) showToast(i18next.t(title));
    void refreshUser();
  });
  void refreshFiatRate();

  void call('/getSiteConfig', undefined, { silent: true }).then(
    (config) => {
      if (config.site_name) siteState.site_name = config.site_name; // the document title follows (useDocumentTitle)
      if (config.site_logo) siteState.logo = config.site_logo;
    },
    () => undefined,
  );

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
      <UpdatePromptHost />
    </StrictMode>,
  );
  // Its own chunk, fetched after the first render: nothing of it is needed to show the app.
  import('./ui/pwa/registerServiceWorker').then(
    (m) => m.registerServiceWorker(),
    (error: unknown) => console.warn('service worker not registered:', error),
  );
}

void boot();
