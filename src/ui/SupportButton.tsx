import { useQuery } from '@tanstack/react-query';
import { Headset } from 'lucide-react';
import { useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { apiQuery } from '../api/queries';
import { sessionState } from '../state/session';
import { readStored, STORAGE_KEYS, writeStored } from '../state/storage';
import styles from './SupportButton.module.css';

const SIZE = 48;
const MARGIN = 12;
/** The safe band: below the nav bar, above the tab bar and the bottom action zone. */
const TOP_SAFE = 64;
const BOTTOM_SAFE = 140;
const KEFU_PATH = '/pages/kefu/index';

interface Spot {
  side: 'left' | 'right';
  y: number;
}

const clampY = (y: number) => Math.min(Math.max(y, TOP_SAFE), window.innerHeight - BOTTOM_SAFE - SIZE);

function readSpot(): Spot {
  try {
    const v = JSON.parse(readStored(STORAGE_KEYS.supportButton) ?? 'null') as Spot | null;
    if (v && (v.side === 'left' || v.side === 'right') && Number.isFinite(v.y)) return v;
  } catch {
    // A broken value falls back to the default spot.
  }
  return { side: 'right', y: window.innerHeight - BOTTOM_SAFE - SIZE };
}

/**
 * The floating customer-service button (spec §9) on every signed-in page but the conversation
 * itself: draggable, snaps to the nearest side, remembers where it was dropped, stays in a band
 * clear of the nav bar and the bottom tab bar / action zone, and shows the unread replies.
 */
export function SupportButton() {
  const { token } = useSnapshot(sessionState);
  const { pathname } = useLocation();
  if (!token || pathname === KEFU_PATH) return null;
  return <FloatingButton />;
}

function FloatingButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [spot, setSpot] = useState<Spot>(readSpot);
  const [drag, setDrag] = useState<{ x: number; y: number } | null>(null);
  const start = useRef<{ px: number; py: number; moved: boolean } | null>(null);
  const unread = useQuery({ ...apiQuery('/support/messages', { limit: '1' }, { silent: true }) }).data?.unread ?? 0;

  const onDown = (e: PointerEvent<HTMLButtonElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    start.current = { px: e.clientX, py: e.clientY, moved: false };
  };
  const onMove = (e: PointerEvent<HTMLButtonElement>) => {
    const s = start.current;
    if (!s) return;
    if (!s.moved && Math.hypot(e.clientX - s.px, e.clientY - s.py) < 6) return;
    s.moved = true;
    setDrag({ x: e.clientX - SIZE / 2, y: clampY(e.clientY - SIZE / 2) });
  };
  const onUp = (e: PointerEvent<HTMLButtonElement>) => {
    const s = start.current;
    start.current = null;
    if (!s?.moved) {
      void navigate(KEFU_PATH);
      return;
    }
    const next: Spot = { side: e.clientX < window.innerWidth / 2 ? 'left' : 'right', y: clampY(e.clientY - SIZE / 2) };
    setSpot(next);
    setDrag(null);
    writeStored(STORAGE_KEYS.supportButton, JSON.stringify(next));
  };

  const style = drag
    ? { left: drag.x, top: drag.y, transition: 'none' }
    : { top: clampY(spot.y), ...(spot.side === 'left' ? { left: MARGIN } : { right: MARGIN }) };
  return (
    <button
      type="button"
      className={styles.button}
      style={style}
      aria-label={t('pages.kefu.index')}
      onPointerDown={onDown}
      onPointerMove={onMove}
      onPointerUp={onUp}
      onPointerCancel={() => {
        start.current = null;
        setDrag(null);
      }}
      data-testid="support-button"
      data-side={spot.side}
    >
      <Headset size={22} />
      {unread > 0 && (
        <span className={styles.badge} data-testid="support-badge">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </button>
  );
}
