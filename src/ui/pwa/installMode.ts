/** How this browser can install the app: what the install entry offers (InstallButton, InstallAppRow). */
export type InstallMode =
  /** Running as the installed app, or installed from this page: nothing to do. */
  | 'installed'
  /** The browser offered `beforeinstallprompt` (Chrome, Edge, Android): one tap shows its dialog. */
  | 'prompt'
  /** iOS and iPadOS: Safari's Share → Add to Home Screen (no install event exists there). */
  | 'ios'
  /** Anything else: the browser's own menu (Install app / Add to Home screen), if it has one. */
  | 'manual';

export interface InstallContext {
  /** `display-mode: standalone` (or iOS's `navigator.standalone`), or the `appinstalled` event fired. */
  isInstalled: boolean;
  /** A deferred `beforeinstallprompt` is held. */
  canPrompt: boolean;
  userAgent: string;
  /** `navigator.maxTouchPoints`: iPadOS reports itself as a Mac with a touch screen. */
  maxTouchPoints: number;
}

/** True on iPhone, iPod and iPad (including iPadOS, which presents a desktop Safari user agent). */
export function isIos(userAgent: string, maxTouchPoints: number): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

/** The install entry's mode: installed first, then the browser's prompt, then iOS's instructions. */
export function selectInstallMode({ isInstalled, canPrompt, userAgent, maxTouchPoints }: InstallContext): InstallMode {
  if (isInstalled) return 'installed';
  if (canPrompt) return 'prompt';
  return isIos(userAgent, maxTouchPoints) ? 'ios' : 'manual';
}
