import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { subscribe } from 'valtio';
import { App } from './App';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { NAMESPACES } from '../domain/i18n';
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

  // Every key names its namespace (`funds.withdraw.title`), so a component's `t` needs none of its
  // own: `useTranslation()` takes the provider's one namespace, where without it it took i18next's
  // default list of all 40 and checked each on every render and every commit (a tenth of the
  // contract page's first-load script at 4×, bench/HISTORY.md). `t` resolves as before: the fixed
  // namespace of a hook's `t` was the list's first, and a key's own prefix picks its namespace.
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nextProvider i18n={i18next} defaultNS={NAMESPACES[0]}>
        <App />
        <UpdatePromptHost />
      </I18nextProvider>
    </StrictMode>,
  );
  // Its own chunk, fetched after the first render: nothing of it is needed to show the app.
  import('./ui/pwa/registerServiceWorker').then(
    (m) => m.registerServiceWorker(),
    (error: unknown) => console.warn('service worker not registered:', error),
  );
}

void boot();
