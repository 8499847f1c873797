/** A sign-in that created a session: what the security area's device check needs. */
export interface SignIn {
  userId: number;
  ip: string;
  userAgent: string;
  /** The app's random device id (`X-Device-Id`), or null when none was sent. */
  deviceId: string | null;
  /** True for the session registration creates. */
  registration: boolean;
}

type SignInListener = (signIn: SignIn) => Promise<void>;

/** An account's password login locked after too many wrong passwords (the owner is told). */
export interface LoginLock {
  userId: number;
  /** Wrong passwords that caused it, and for how long the lock holds. */
  failures: number;
  minutes: number;
  until: number;
}

type LockListener = (lock: LoginLock) => Promise<void>;

/**
 * Listeners to sign-ins. The auth plugin loads before notifications (which need the socket
 * layer, which needs sessions), so areas that react to a sign-in (the new-device notice) register
 * here once they load. A listener's failure is logged and never fails the login.
 */
export class SignIns {
  private readonly listeners: SignInListener[] = [];

  constructor(private readonly onError: (error: unknown) => void) {}

  private readonly lockListeners: LockListener[] = [];

  on(listener: SignInListener): void {
    this.listeners.push(listener);
  }

  /** Listens to login locks (the security area's notice to the owner). */
  onLocked(listener: LockListener): void {
    this.lockListeners.push(listener);
  }

  async emitLocked(lock: LoginLock): Promise<void> {
    for (const listener of this.lockListeners) {
      try {
        await listener(lock);
      } catch (error) {
        this.onError(error);
      }
    }
  }

  async emit(signIn: SignIn): Promise<void> {
    for (const listener of this.listeners) {
      try {
        await listener(signIn);
      } catch (error) {
        this.onError(error);
      }
    }
  }
}
