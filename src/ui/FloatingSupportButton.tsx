import { useQuery } from '@tanstack/react-query';
import { Headset } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { apiQuery } from '../api/queries';
import { readStored, STORAGE_KEYS, writeStored } from '../state/storage';
import styles from './FloatingSupportButton.module.css';

const SIZE = 48;
const MARGIN = 12;
/** Room kept between the button and a control beside it. */
const GAP = 4;
/** The safe band: below the nav bar, above the tab bar and the bottom action zone. */
const TOP_SAFE = 64;
const BOTTOM_SAFE = 140;
/** What a tap reaches: the button never sits on one of these. */
// A page body that is a Tab stop only so a keyboard can scroll it (src/ui/Page.tsx) is no control.
const INTERACTIVE = 'a, button, input, select, textarea, [role=button], [tabindex]:not([tabindex="-1"]):not([data-page-body])';
/** A form the user types into (the keyboard is up, every row is a field): no button. */
const FORM_FIELD =
  'main input:not([type=checkbox]):not([type=radio]):not([type=hidden]):not([type=file]):not([type=range]), main textarea, main select';
/** How long after the last scroll event the page counts as settled. */
const SCROLL_SETTLE_MS = 200;
/** Layout can move without a DOM change (an image loads, a transition ends): look again this often. */
const RECHECK_MS = 1000;

type Side = 'left' | 'right';
interface Spot {
  side: Side;
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

const shown = (el: Element) => el.checkVisibility({ visibilityProperty: true, opacityProperty: true });

/** Whether the page shows a field to type into. */
function showsForm(): boolean {
  for (const el of document.querySelectorAll(FORM_FIELD)) if (shown(el)) return true;
  return false;
}

/**
 * The top of the clear spot on `side` nearest to `wanted`: where the button's box (with GAP
 * around it) meets no shown control. Null when the whole band on that side is taken.
 */
function clearSpot(side: Side, wanted: number, self: Element | null): number | null {
  const left = side === 'left' ? MARGIN : window.innerWidth - MARGIN - SIZE;
  const right = left + SIZE;
  const lo = TOP_SAFE;
  const hi = window.innerHeight - BOTTOM_SAFE - SIZE;
  /** Tops the button may not take: (a, b) open intervals. */
  const taken: [number, number][] = [];
  for (const el of document.querySelectorAll(INTERACTIVE)) {
    if (self && (el === self || self.contains(el) || el.contains(self))) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (r.right <= left - GAP || r.left >= right + GAP || r.bottom <= lo - GAP || r.top >= hi + SIZE + GAP) continue;
    if (!shown(el)) continue;
    taken.push([r.top - GAP - SIZE, r.bottom + GAP]);
  }
  const free = (y: number) => y >= lo && y <= hi && taken.every(([a, b]) => y <= a || y >= b);
  const candidates = [clampY(wanted), lo, hi, ...taken.flat()].map((y) => Math.round(y * 100) / 100);
  let best: number | null = null;
  for (const y of candidates) {
    // Rounded edges may sit a hair inside a taken range: step out of it.
    const c = free(y) ? y : free(Math.ceil(y)) ? Math.ceil(y) : free(Math.floor(y)) ? Math.floor(y) : null;
    if (c !== null && (best === null || Math.abs(c - wanted) < Math.abs(best - wanted))) best = c;
  }
  return best;
}

/**
 * The floating customer-service button (src/ui/SupportButton.tsx says where it shows): it takes
 * the clear spot nearest to where the user put it (draggable, snaps to the nearest side,
 * remembered), slides out of the way while the page scrolls, stays out of sight while no spot on
 * its side is clear, and hides on a form. It shows the unread replies.
 */
export default function FloatingButton({ pathname, kefuPath }: { pathname: string; kefuPath: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [spot, setSpot] = useState<Spot>(readSpot);
  const [drag, setDrag] = useState<{ x: number; y: number } | null>(null);
  /** Where the button is shown (its top), null while out of sight; `form`: the page is a form. */
  const [place, setPlace] = useState<{ y: number | null; form: boolean }>({ y: null, form: false });
  const [scrolling, setScrolling] = useState(false);
  /** Scrolls that have come to rest (a test waits for the next one after it scrolls). */
  const [rests, setRests] = useState(0);
  const self = useRef<HTMLButtonElement>(null);
  const start = useRef<{ px: number; py: number; moved: boolean } | null>(null);
  const unread = useQuery({ ...apiQuery('/support/messages', { limit: '1' }, { silent: true }) }).data?.unread ?? 0;

  const measure = useCallback(() => {
    if (start.current?.moved) return;
    const form = showsForm();
    const y = form ? null : clearSpot(spot.side, spot.y, self.current);
    setPlace((p) => (p.y === y && p.form === form ? p : { y, form }));
  }, [spot]);

  // Look again whenever the page may have moved under the button.
  useEffect(() => {
    let timer = 0;
    let settle = 0;
    const soon = () => {
      if (!timer) timer = window.setTimeout(() => ((timer = 0), measure()), 100);
    };
    /** Vertical positions seen: a carousel sliding sideways is not the page scrolling. */
    const tops = new WeakMap<EventTarget, number>();
    const onScroll = (e: Event) => {
      const target = e.target instanceof Element ? e.target : document.scrollingElement;
      if (!target) return;
      const top = target.scrollTop;
      if (tops.get(target) === top) return;
      tops.set(target, top);
      setScrolling(true);
      window.clearTimeout(settle);
      settle = window.setTimeout(() => {
        setScrolling(false);
        setRests((n) => n + 1);
        measure();
      }, SCROLL_SETTLE_MS);
    };
    const observer = new MutationObserver(soon);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['hidden', 'open'] });
    const every = window.setInterval(measure, RECHECK_MS);
    document.addEventListener('scroll', onScroll, { capture: true, passive: true });
    document.addEventListener('load', soon, true);
    window.addEventListener('resize', soon);
    measure();
    return () => {
      observer.disconnect();
      window.clearInterval(every);
      window.clearTimeout(timer);
      window.clearTimeout(settle);
      document.removeEventListener('scroll', onScroll, { capture: true });
      document.removeEventListener('load', soon, true);
      window.removeEventListener('resize', soon);
    };
  }, [measure, pathname]);

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
      void navigate(kefuPath);
      return;
    }
    // Where it was dropped is the user's choice (kept); it shows at the clear spot nearest to it.
    const next: Spot = { side: e.clientX < window.innerWidth / 2 ? 'left' : 'right', y: clampY(e.clientY - SIZE / 2) };
    setSpot(next);
    setDrag(null);
    writeStored(STORAGE_KEYS.supportButton, JSON.stringify(next));
  };

  if (place.form) return null;
  const away = !drag && (scrolling || place.y === null);
  const style = drag
    ? { left: drag.x, top: drag.y, transition: 'none' }
    : { top: place.y ?? clampY(spot.y), ...(spot.side === 'left' ? { left: MARGIN } : { right: MARGIN }) };
  return (
    <button
      ref={self}
      type="button"
      className={`${styles.button} ${away ? styles.away : ''}`}
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
      data-away={away || undefined}
      data-scrolling={scrolling || undefined}
      data-rests={rests}
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
