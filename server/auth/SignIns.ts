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

/**
 * Listeners to sign-ins. The auth plugin loads before notifications (which need the socket
 * layer, which needs sessions), so areas that react to a sign-in (the new-device notice) register
 * here once they load. A listener's failure is logged and never fails the login.
 */
export class SignIns {
  private readonly listeners: SignInListener[] = [];

  constructor(private readonly onError: (error: unknown) => void) {}

  on(listener: SignInListener): void {
    this.listeners.push(listener);
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
