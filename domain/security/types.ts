/** Payload types of the security area's API answers (the `message` of a success envelope). */

/** A signed-in device (`GET /safe/sessions`); `browser` and `os` are parsed from `user_agent`. */
export interface SessionInfo {
  id: number;
  created_at: number;
  last_seen_at: number;
  ip: string | null;
  user_agent: string | null;
  browser: string | null;
  os: string | null;
  current: boolean;
  remember: boolean;
}

/** The security settings' state (`GET /safe/overview`). */
export interface SecurityOverview {
  two_factor: boolean;
  /** Unused recovery codes left (0 when two-factor is off). */
  recovery_codes_left: number;
  /** The user's own anti-phishing code, or null when none is set. */
  anti_phishing_code: string | null;
}

/** The start of two-factor setup: the secret to add to an authenticator app, once. */
export interface TwoFactorSetup {
  secret: string;
  /** `otpauth://totp/Kestrel:<account>?secret=…&issuer=Kestrel`, for the QR code. */
  uri: string;
}

/** Fresh single-use recovery codes, shown once. */
export interface RecoveryCodes {
  recovery_codes: string[];
}
