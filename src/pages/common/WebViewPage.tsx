import { ExternalLink, Link2Off } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Empty } from '../../ui/Empty';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { DownloadGuide } from './DownloadGuide';
import styles from './WebViewPage.module.css';

/** The address `raw` when it is an http(s) URL, else null (javascript:, data:, file: … are refused). */
export function webUrl(raw: string | null): URL | null {
  if (!raw) return null;
  try {
    const u = new URL(raw);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u : null;
  } catch {
    return null;
  }
}

/**
 * An outside web page (`url=`, optional `title=`) in a frame under the default nav bar (back +
 * title), with "open in browser" always at hand: a site that refuses framing (X-Frame-Options,
 * CSP frame-ancestors) shows blank, and the browser gives the page no way to tell. Anything but
 * http(s) is refused. `page=download` is the built-in "install the app" page instead.
 */
export default function WebViewPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [loaded, setLoaded] = useState(false);
  if (params.get('page') === 'download') {
    return (
      <Page title={t('system.download.title')}>
        <DownloadGuide />
      </Page>
    );
  }
  const raw = params.get('url');
  const url = webUrl(raw);
  const title = params.get('title') || url?.hostname || pageTitle(t, { area: 'common', page: 'webView' });
  const open = url && (
    <a
      className={styles.open}
      href={url.href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('system.webView.openInBrowser')}
      data-testid="webview-open"
    >
      <ExternalLink size={18} />
    </a>
  );
  return (
    <Page title={title} right={open} className={styles.body}>
      {!url ? (
        <Empty
          icon={Link2Off}
          testId="webview-refused"
          text={t(raw ? 'system.webView.badUrl' : 'system.webView.noUrl')}
          hint={raw ? t('system.webView.badUrlHint') : undefined}
        />
      ) : (
        <>
          <iframe
            className={styles.frame}
            src={url.href}
            title={title}
            sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
            referrerPolicy="no-referrer"
            onLoad={() => setLoaded(true)}
            data-testid="webview-frame"
          />
          <div className={`${styles.bar} ${loaded ? '' : styles.loading}`}>
            <span>{t('system.webView.blankHint')}</span>
            <a href={url.href} target="_blank" rel="noopener noreferrer" className={styles.barLink}>
              {t('system.webView.openInBrowser')}
            </a>
          </div>
        </>
      )}
    </Page>
  );
}
