import { ImageOff, RotateCcw } from 'lucide-react';
import { useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Empty } from '../../ui/Empty';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import styles from './PreviewImage.module.css';

const MAX = 5;

/** An image address the page will show: http(s), our own paths, and pictures the app made (blob, data). */
export function safeImageUrl(raw: string | null): string | null {
  if (!raw) return null;
  if (raw.startsWith('/') && !raw.startsWith('//')) return raw;
  try {
    const u = new URL(raw);
    return ['http:', 'https:', 'blob:'].includes(u.protocol) || /^data:image\//.test(raw) ? raw : null;
  } catch {
    return null;
  }
}

interface View {
  scale: number;
  x: number;
  y: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * One image (`url=`) full screen, zoomed by pinching (two pointers), double-tapping, or the
 * wheel; dragged with one pointer while zoomed. Pointer events, so it works with touch, pen
 * and mouse alike.
 */
export default function PreviewImagePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const url = safeImageUrl(params.get('url'));
  const [view, setView] = useState<View>({ scale: 1, x: 0, y: 0 });
  const [failed, setFailed] = useState(false);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ dist: number; scale: number } | null>(null);
  const lastTap = useRef(0);

  const distance = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };
  const zoomTo = (scale: number) => setView((v) => (scale <= 1 ? { scale: 1, x: 0, y: 0 } : { ...v, scale }));

  const down = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.current.size === 2) pinch.current = { dist: distance(), scale: view.scale };
    else if (pointers.current.size === 1) {
      const now = e.timeStamp;
      if (now - lastTap.current < 300) zoomTo(view.scale > 1 ? 1 : 2.5);
      lastTap.current = now;
    }
  };
  const move = (e: PointerEvent<HTMLDivElement>) => {
    const prev = pointers.current.get(e.pointerId);
    if (!prev) return;
    const next = { x: e.clientX, y: e.clientY };
    pointers.current.set(e.pointerId, next);
    if (pointers.current.size >= 2 && pinch.current && pinch.current.dist > 0) {
      const scale = clamp((pinch.current.scale * distance()) / pinch.current.dist, 1, MAX);
      zoomTo(scale);
    } else if (pointers.current.size === 1) {
      setView((v) => (v.scale > 1 ? { ...v, x: v.x + next.x - prev.x, y: v.y + next.y - prev.y } : v));
    }
  };
  const up = (e: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(e.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
  };

  return (
    <Page
      title={pageTitle(t, { area: 'system', page: 'preview-image' })}
      right={
        view.scale > 1 ? (
          <button type="button" className={styles.reset} onClick={() => zoomTo(1)} aria-label={t('system.preview.reset')}>
            <RotateCcw size={18} />
          </button>
        ) : undefined
      }
    >
      {!url || failed ? (
        <Empty text={t(url ? 'system.preview.failed' : 'system.preview.noImage')} icon={ImageOff} />
      ) : (
        <div
          className={styles.stage}
          onPointerDown={down}
          onPointerMove={move}
          onPointerUp={up}
          onPointerCancel={up}
          onWheel={(e) => zoomTo(clamp(view.scale * (e.deltaY < 0 ? 1.15 : 1 / 1.15), 1, MAX))}
          data-testid="preview-stage"
          data-scale={view.scale.toFixed(2)}
        >
          <img
            src={url}
            alt=""
            draggable={false}
            className={styles.image}
            style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
            onError={() => setFailed(true)}
          />
          {view.scale === 1 && <p className={styles.hint}>{t('system.preview.hint')}</p>}
        </div>
      )}
    </Page>
  );
}
