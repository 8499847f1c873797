import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { subscribe } from 'valtio';
import { App } from './App';
import { call } from './api/request';
import { initI18n } from './i18n';
import { fiatState } from './state/fiat';
import { sessionState } from './state/session';
import { siteState } from './state/site';
import { migrateStorage } from './state/storage';
import { getWorker, startWorker } from './worker-client';
import './styles/global.css';

async function boot(): Promise<void> {
  migrateStorage();
  await initI18n();
  const worker = startWorker();
  void worker.setFiat({ ...fiatState.fiat });
  subscribe(fiatState, () => void getWorker().setFiat({ ...fiatState.fiat }));

  // The worker joins the private channel whenever the token changes.
  let lastToken: string | null = null;
  const syncToken = () => {
    if (sessionState.token === lastToken) return;
    lastToken = sessionState.token;
    void getWorker().setToken(lastToken);
    if (lastToken)
      void call('/user/info', undefined, { silent: true }).then(
        (user) => (sessionState.user = user),
        () => undefined,
      );
  };
  syncToken();
  subscribe(sessionState, syncToken);

  void call('/getSiteConfig', undefined, { silent: true }).then(
    (config) => {
      if (config.site_name) siteState.site_name = document.title = config.site_name;
      if (config.site_logo) siteState.logo = config.site_logo;
    },
    () => undefined,
  );

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void boot();
