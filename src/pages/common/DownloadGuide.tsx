import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { siteState } from '../../state/site';
import { useTranslation } from 'react-i18next';
import { InstallButton } from '../../ui/pwa/InstallButton';
import styles from './DownloadGuide.module.css';

const HL = 'var(--primary)';
const LINE = 'var(--text-3)';
const FILL = 'var(--surface-3)';

/** A phone, 120×220, drawing `children` on its screen (x 8..112, y 14..206). */
function Phone({ children, label }: { children: ReactNode; label: string }) {
  return (
    <svg className={styles.phone} viewBox="0 0 120 220" role="img" aria-label={label}>
      <rect x="2" y="2" width="116" height="216" rx="18" fill="var(--surface)" stroke={LINE} strokeWidth="2" />
      <rect x="8" y="14" width="104" height="192" rx="6" fill="var(--bg)" />
      <rect x="46" y="6" width="28" height="4" rx="2" fill={LINE} />
      {children}
    </svg>
  );
}

/** Blurred page content: a few grey bars. */
function Content({ top = 34 }: { top?: number }) {
  return (
    <g fill={FILL}>
      <rect x="16" y={top} width="60" height="8" rx="3" />
      <rect x="16" y={top + 16} width="88" height="30" rx="4" />
      <rect x="16" y={top + 54} width="88" height="6" rx="3" />
      <rect x="16" y={top + 66} width="70" height="6" rx="3" />
      <rect x="16" y={top + 78} width="80" height="6" rx="3" />
    </g>
  );
}

/** A finger's tap ring at (x, y). */
function Tap({ x, y }: { x: number; y: number }) {
  return (
    <g>
      <circle cx={x} cy={y} r="11" fill="none" stroke={HL} strokeWidth="2" className={styles.pulse} />
      <circle cx={x} cy={y} r="4" fill={HL} />
    </g>
  );
}

function ShareIcon({ x, y, color }: { x: number; y: number; color: string }) {
  return (
    <g transform={`translate(${x} ${y})`} fill="none" stroke={color} strokeWidth="1.6" strokeLinecap="round">
      <path d="M-4 -1 H-6 V8 H6 V-1 H4" />
      <path d="M0 4 V-7 M-3 -4 L0 -7 L3 -4" />
    </g>
  );
}

/**
 * A label drawn in the phone. With `maxWidth` (drawing units) a translation longer than its box
 * is narrowed to fit (measured once drawn), so long Thai or French words never run out of it.
 */
function Label({
  x,
  y,
  children,
  anchor = 'start',
  color = 'var(--text)',
  weight = 400,
  maxWidth,
}: {
  x: number;
  y: number;
  children: string;
  anchor?: 'start' | 'middle' | 'end';
  color?: string;
  weight?: number;
  maxWidth?: number;
}) {
  const ref = useRef<SVGTextElement>(null);
  const [squeeze, setSqueeze] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || maxWidth === undefined) return;
    // Measured without the squeeze; getComputedTextLength is in the drawing's own units.
    el.removeAttribute('textLength');
    setSqueeze(el.getComputedTextLength() > maxWidth);
  }, [children, maxWidth]);
  return (
    <text
      ref={ref}
      x={x}
      y={y}
      fontSize="7.5"
      fill={color}
      textAnchor={anchor}
      fontWeight={weight}
      {...(squeeze && maxWidth !== undefined && { textLength: maxWidth, lengthAdjust: 'spacingAndGlyphs' })}
    >
      {children}
    </text>
  );
}

function IosShare({ t }: { t: (k: 'system.download.share') => string }) {
  return (
    <>
      <rect x="8" y="14" width="104" height="14" fill="var(--surface-2)" />
      <rect x="30" y="18" width="60" height="7" rx="3" fill={FILL} />
      <Content />
      <rect x="8" y="184" width="104" height="22" fill="var(--surface-2)" />
      <g stroke={LINE} strokeWidth="1.6" fill="none" strokeLinecap="round">
        <path d="M20 195 l-4 -4 M20 195 l-4 4" transform="translate(0 0)" />
        <path d="M36 191 l4 4 l-4 4" />
        <rect x="84" y="190" width="9" height="9" rx="1.5" />
        <path d="M100 190 h8 M100 194 h8 M100 198 h8" />
      </g>
      <ShareIcon x={60} y={195} color={HL} />
      <Label x={60} y={178} anchor="middle" color={HL} weight={600} maxWidth={80}>
        {t('system.download.share')}
      </Label>
      <Tap x={60} y={195} />
    </>
  );
}

function IosAdd({ t }: { t: (k: 'system.download.addToHome') => string }) {
  return (
    <>
      <Content />
      <rect x="8" y="96" width="104" height="110" rx="8" fill="var(--surface-2)" />
      <rect x="50" y="100" width="20" height="3" rx="1.5" fill={LINE} />
      {[0, 1, 3].map((i) => (
        <rect key={i} x="16" y={112 + i * 22} width="88" height="16" rx="4" fill={FILL} />
      ))}
      <rect x="16" y="156" width="88" height="16" rx="4" fill="var(--primary-soft)" stroke={HL} strokeWidth="1.2" />
      <rect x="92" y="159" width="9" height="9" rx="2" fill="none" stroke={HL} strokeWidth="1.3" />
      <path d="M96.5 161 v5 M94 163.5 h5" stroke={HL} strokeWidth="1.3" />
      <Label x={21} y={166.5} color={HL} weight={600} maxWidth={62}>
        {t('system.download.addToHome')}
      </Label>
      <Tap x={96.5} y={163.5} />
    </>
  );
}

/** The home screen with the app's new icon. */
function HomeScreen({ name }: { name: string }) {
  const apps = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  return (
    <>
      {apps.map((i) => (
        <rect key={i} x={17 + (i % 4) * 24} y={30 + Math.floor(i / 4) * 28} width="16" height="16" rx="4" fill={FILL} />
      ))}
      <rect x={89} y={86} width="16" height="16" rx="4" fill={HL} />
      <text x={97} y={97.5} fontSize="9" fontWeight="700" fill="#fff" textAnchor="middle">
        {name.slice(0, 1)}
      </text>
      <Label x={97} y={110} anchor="middle" color={HL} weight={600} maxWidth={28}>
        {name}
      </Label>
      <Tap x={97} y={94} />
    </>
  );
}

function IosDone({
  t,
  name,
}: {
  name: string;
  t: (k: 'system.download.add' | 'system.download.cancel' | 'system.download.addToHome') => string;
}) {
  return (
    <>
      <HomeScreen name={name} />
      <rect x="14" y="130" width="92" height="56" rx="8" fill="var(--surface-2)" />
      <Label x={22} y={144} color={LINE} maxWidth={42}>
        {t('system.download.cancel')}
      </Label>
      <rect x="70" y="136" width="30" height="12" rx="6" fill={HL} />
      <Label x={85} y={144.5} anchor="middle" color="#fff" weight={600} maxWidth={26}>
        {t('system.download.add')}
      </Label>
      <rect x="22" y="156" width="14" height="14" rx="3.5" fill={HL} />
      <rect x="42" y="158" width="50" height="5" rx="2.5" fill={FILL} />
      <rect x="42" y="166" width="36" height="4" rx="2" fill={FILL} />
    </>
  );
}

function AndroidMenu() {
  return (
    <>
      <rect x="8" y="14" width="104" height="16" fill="var(--surface-2)" />
      <rect x="16" y="18" width="72" height="8" rx="4" fill={FILL} />
      <g fill={HL}>
        <circle cx="102" cy="18.5" r="1.4" />
        <circle cx="102" cy="22" r="1.4" />
        <circle cx="102" cy="25.5" r="1.4" />
      </g>
      <Content top={40} />
      <Tap x={102} y={22} />
    </>
  );
}

function AndroidInstall({ t }: { t: (k: 'system.download.installApp') => string }) {
  return (
    <>
      <rect x="8" y="14" width="104" height="16" fill="var(--surface-2)" />
      <Content top={40} />
      <rect x="30" y="26" width="78" height="104" rx="4" fill="var(--surface-2)" stroke="var(--border)" />
      {[0, 1, 2, 4].map((i) => (
        <rect key={i} x="36" y={34 + i * 18} width="56" height="6" rx="3" fill={FILL} />
      ))}
      <rect x="32" y="100" width="74" height="14" rx="3" fill="var(--primary-soft)" />
      <Label x={36} y={109.5} color={HL} weight={600} maxWidth={50}>
        {t('system.download.installApp')}
      </Label>
      <Tap x={98} y={107} />
    </>
  );
}

function AndroidConfirm({ t }: { t: (k: 'system.download.installApp' | 'system.download.install' | 'system.download.cancel') => string }) {
  return (
    <>
      <Content top={40} />
      <rect x="8" y="14" width="104" height="192" rx="6" fill="rgba(0,0,0,0.45)" />
      <rect x="16" y="80" width="88" height="64" rx="8" fill="var(--surface-2)" />
      <rect x="24" y="90" width="14" height="14" rx="3.5" fill={HL} />
      <Label x={44} y={99.5} weight={600} maxWidth={56}>
        {t('system.download.installApp')}
      </Label>
      <rect x="24" y="110" width="70" height="4" rx="2" fill={FILL} />
      <Label x={50} y={134} anchor="end" color={LINE} maxWidth={28}>
        {t('system.download.cancel')}
      </Label>
      <rect x="56" y="126" width="42" height="12" rx="6" fill={HL} />
      {/* The tap under the label: the button's word stays readable. */}
      <Tap x={77} y={132} />
      <Label x={77} y={134.5} anchor="middle" color="#fff" weight={600} maxWidth={36}>
        {t('system.download.install')}
      </Label>
    </>
  );
}

/** The built-in download page (`webView?page=download`): how to add the app to the home screen on iOS and Android. */
export function DownloadGuide() {
  const { t } = useTranslation();
  const site = useSnapshot(siteState);
  const name = site.site_name || 'Kestrel';
  const platforms = [
    {
      key: 'ios',
      title: t('system.download.ios'),
      steps: [
        { text: t('system.download.ios1'), art: <IosShare t={t} /> },
        { text: t('system.download.ios2'), art: <IosAdd t={t} /> },
        { text: t('system.download.ios3'), art: <IosDone t={t} name={name} /> },
      ],
    },
    {
      key: 'android',
      title: t('system.download.android'),
      steps: [
        { text: t('system.download.android1'), art: <AndroidMenu /> },
        { text: t('system.download.android2'), art: <AndroidInstall t={t} /> },
        { text: t('system.download.android3'), art: <AndroidConfirm t={t} /> },
      ],
    },
  ];
  return (
    <div className={styles.wrap} data-testid="download-guide">
      <div className={styles.hero}>
        <img className={styles.logo} src={site.logo} alt="" data-testid="download-logo" />
        <h2 className={styles.heading}>{name}</h2>
        <p className={styles.intro}>{t('system.download.intro')}</p>
      </div>
      <InstallButton />
      {platforms.map((p) => (
        <section key={p.key} className={styles.platform} data-testid={`download-${p.key}`}>
          <h3 className={styles.platformTitle}>{p.title}</h3>
          <ol className={styles.steps}>
            {p.steps.map((s, i) => (
              <li key={i} className={styles.step}>
                <Phone label={s.text}>{s.art}</Phone>
                <span className={styles.stepNo}>{t('system.download.step', { n: i + 1 })}</span>
                <p className={styles.stepText}>{s.text}</p>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
