import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { areaPrefix, pagePath } from '../paths';
import { sessionState } from '../state/session';

const KEFU_PATH = pagePath('kefu', 'index');
/** Trading screens (futures, spot, seconds options, their hub and orders): no button, as on Binance and Bybit. */
const TRADING_PREFIX = areaPrefix('transaction');

/** Its own chunk: a visitor who is not signed in (the first load of most) never fetches it. */
const FloatingSupportButton = lazy(() => import('./FloatingSupportButton'));

/**
 * The floating customer-service button on signed-in pages, kept clear of content as a Binance or
 * Bybit user expects: none on the conversation, on trading screens and on forms; elsewhere it
 * floats (src/ui/FloatingSupportButton.tsx).
 */
export function SupportButton() {
  const { token } = useSnapshot(sessionState);
  const { pathname } = useLocation();
  if (!token || pathname === KEFU_PATH || pathname.startsWith(TRADING_PREFIX)) return null;
  return (
    <Suspense fallback={null}>
      <FloatingSupportButton pathname={pathname} kefuPath={KEFU_PATH} />
    </Suspense>
  );
}
