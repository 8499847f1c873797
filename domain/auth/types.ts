/** Payload types of the auth area's API answers (the `message` of a success envelope). */

/** One code in the development outbox (`GET /api/dev/outbox`, only with DEV_OUTBOX=1). */
export interface OutboxEntry {
  to: string;
  scene: string;
  code: string;
  at: number;
  /** The message as sent, in the recipient's language, with the anti-phishing line when set. */
  text: string;
  /** The recipient's anti-phishing code, or null. */
  anti_phishing: string | null;
}

/**
 * `/user/login`'s answer for a user with two-factor on: no session yet; `/user/login_2fa`
 * with this challenge and a code creates it.
 */
export interface SecondFactorChallenge {
  second_factor: 'totp';
  challenge: string;
  expires_at: number;
}

/** `/user/login`'s answer: a session token, or the second step's challenge. */
export type LoginAnswer = string | SecondFactorChallenge;
