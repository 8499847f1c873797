import { proxy, ref, useSnapshot } from 'valtio';
import { selectInstallMode, type InstallMode } from './installMode';

/** Chrome's `beforeinstallprompt` event (not in the DOM typings: it is not a standard). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

/**
 * The installable app's state: the deferred install prompt (captured at start, before any page
 * mounts, because the browser fires it once, early), whether the app runs installed, and whether
 * a new version is waiting.
 */
export const pwaState = proxy({
  installPrompt: null as BeforeInstallPromptEvent | null,
  isInstalled: false,
  updateReady: false,
});

const STANDALONE = '(display-mode: standalone)';

function isStandalone(): boolean {
  return window.matchMedia(STANDALONE).matches || (navigator as { standalone?: boolean }).standalone === true;
}

/** Listens for the install prompt and for the app being installed; called once from src/main.tsx. */
export function captureInstallEvents(): void {
  pwaState.isInstalled = isStandalone();
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep it for the install entry instead of the browser's own mini bar.
    event.preventDefault();
    pwaState.installPrompt = ref(event as BeforeInstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => {
    pwaState.installPrompt = null;
    pwaState.isInstalled = true;
  });
  window.matchMedia(STANDALONE).addEventListener('change', () => {
    pwaState.isInstalled = isStandalone();
  });
}

/** Shows the browser's install dialog; the prompt can be used once, so it is dropped either way. */
export async function promptInstall(): Promise<'accepted' | 'dismissed'> {
  const event = pwaState.installPrompt;
  if (!event) return 'dismissed';
  pwaState.installPrompt = null;
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === 'accepted') pwaState.isInstalled = true;
  return outcome;
}

/** The install entry's mode for this browser, kept current as the prompt comes and goes. */
export function useInstallMode(): InstallMode {
  const { installPrompt, isInstalled } = useSnapshot(pwaState);
  return selectInstallMode({
    isInstalled,
    canPrompt: installPrompt !== null,
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints,
  });
}
