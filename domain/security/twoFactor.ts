/** TOTP two-factor parameters and the pure helpers both sides share (docs/SECURITY.md). */

/** RFC 6238 defaults every authenticator app uses: a 30 s step, 6 digits, SHA-1. */
export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
/** A code is accepted for the current step and one step either side (clock drift, typing time). */
export const TOTP_WINDOW_STEPS = 1;
export const TOTP_ISSUER = 'Kestrel';
/** Recovery codes handed out when two-factor is enabled (and on each regeneration). */
export const RECOVERY_CODE_COUNT = 10;
/** How long the second login step may take after a right password. */
export const LOGIN_CHALLENGE_MS = 5 * 60_000;
/** The anti-phishing code's length limits. */
export const ANTI_PHISHING_MIN = 4;
export const ANTI_PHISHING_MAX = 20;

/** A recovery code as shown: ten base32 characters in two groups, `ABCDE-FGHIJ`. */
export function formatRecoveryCode(raw: string): string {
  return `${raw.slice(0, 5)}-${raw.slice(5, 10)}`;
}

/** What a typed recovery code is compared as: upper case, without the dash or spaces. */
export function normalizeRecoveryCode(input: string): string {
  return input.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** True for a six-digit TOTP code; anything else given as a second factor is tried as a recovery code. */
export function isTotpCode(input: string): boolean {
  return /^\d{6}$/.test(input.trim());
}

/** The `otpauth://` URI authenticator apps read from the QR code. */
export function otpauthUri(account: string, secret: string): string {
  const label = `${encodeURIComponent(TOTP_ISSUER)}:${encodeURIComponent(account)}`;
  return `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent(TOTP_ISSUER)}&algorithm=SHA1&digits=${TOTP_DIGITS}&period=${TOTP_PERIOD_S}`;
}
