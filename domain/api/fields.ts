/**
 * Field rules shared by the server (authoritative) and the client (early feedback).
 * Every `error` is an i18n key under `validation.`; the server answers it in the request's language.
 */
import { z } from 'zod';
import { normaliseAmount } from '../funds/amounts';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './envelope';

/** Password length bounds (at least 6; at most 64 so hashing cost stays bounded). */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 64;
/** Verification codes are exactly 6 digits. */
export const CODE_LENGTH = 6;

/**
 * C0 control characters and DEL. The server refuses NUL and the rest (all but tab, line feed
 * and carriage return) in every parameter of every request before any field rule runs
 * (server/http/inputGuard.ts); one-line text fields refuse those three as well, once trimmed.
 * A future multi-line field (a message, a note) would allow line breaks only.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NO_CONTROL_CHARS = /^[^\u0000-\u001f\u007f]*$/;

/** A required, trimmed one-line text field whose absence reads `requiredKey`. */
export function requiredText(requiredKey: string, max = 200) {
  return z
    .string({ error: requiredKey })
    .trim()
    .min(1, { error: requiredKey })
    .max(max, { error: 'validation.tooLong' })
    .regex(NO_CONTROL_CHARS, { error: 'validation.controlChars' });
}

/** An optional trimmed one-line text field: absent or empty becomes `undefined`. */
export function optionalText(max = 200) {
  return z
    .string({ error: 'validation.invalid' })
    .trim()
    .max(max, { error: 'validation.tooLong' })
    .regex(NO_CONTROL_CHARS, { error: 'validation.controlChars' })
    .optional()
    .transform((v) => (v ? v : undefined));
}

/** A positive whole number sent as digits (no sign, exponent or hex). */
export function positiveIntParam(requiredKey = 'validation.invalid') {
  return z
    .string({ error: requiredKey })
    .regex(/^[1-9]\d{0,8}$/, { error: requiredKey })
    .transform(Number);
}

/** A millisecond or second timestamp sent as digits. */
export function timestampParam(requiredKey = 'validation.invalid') {
  return z
    .string({ error: requiredKey })
    .regex(/^\d{1,13}$/, { error: requiredKey })
    .transform(Number);
}

export const passwordField = z
  .string({ error: 'validation.passwordRequired' })
  .min(1, { error: 'validation.passwordRequired' })
  .min(PASSWORD_MIN, { error: 'validation.passwordLength' })
  .max(PASSWORD_MAX, { error: 'validation.passwordLength' });

export const confirmPasswordField = z.string({ error: 'validation.confirmRequired' }).min(1, { error: 'validation.confirmRequired' });

export const codeField = z
  .string({ error: 'validation.codeRequired' })
  .trim()
  .min(1, { error: 'validation.codeRequired' })
  .length(CODE_LENGTH, { error: 'validation.codeLength' })
  .regex(/^\d+$/, { error: 'validation.codeLength' });

/**
 * An email address: a local part of letters (any script), digits and the ASCII signs RFC 5322
 * allows, in dot-separated runs; a domain of letter-or-digit labels (inner hyphens) with a
 * top-level label that starts with a letter. No spaces, no emoji or other symbols, no quoted
 * local parts or IP literals (no exchange accepts those).
 */
export const EMAIL_PATTERN =
  /^[\p{L}\p{M}\p{Nd}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{M}\p{Nd}!#$%&'*+/=?^_`{|}~-]+)*@(?:[\p{L}\p{Nd}](?:[\p{L}\p{M}\p{Nd}-]*[\p{L}\p{M}\p{Nd}])?\.)+\p{L}[\p{L}\p{M}\p{Nd}-]*[\p{L}\p{M}\p{Nd}]$/u;

export const emailField = requiredText('validation.emailRequired', 254)
  .toLowerCase()
  .regex(EMAIL_PATTERN, { error: 'validation.emailInvalid' });

export const mobileField = requiredText('validation.mobileRequired', 20).regex(/^\d{5,15}$/, {
  error: 'validation.mobileInvalid',
});

/** Calling code without the plus: `1`, `44`, `852`. */
export const areaCodeField = requiredText('validation.areaCodeRequired', 6)
  .transform((v) => v.replace(/^\+/, ''))
  .pipe(z.string().regex(/^\d{1,4}$/, { error: 'validation.areaCodeInvalid' }));

export const inviteCodeField = optionalText(16).pipe(
  z
    .string()
    .regex(/^[A-Za-z0-9]{4,16}$/, { error: 'validation.inviteCodeInvalid' })
    .optional(),
);

/** Email or phone number, the `user_string` of login. */
export const accountField = requiredText('validation.accountRequired', 254);

/** `page` and `limit` of every paged list (10 per page). */
export const pageFields = {
  page: positiveIntParam().optional().default(1),
  limit: positiveIntParam()
    .optional()
    .default(PAGE_SIZE_DEFAULT)
    .refine((n) => n <= PAGE_SIZE_MAX, { error: 'validation.invalid' }),
};

/**
 * Nickname 2–10, signature 2–30 characters, in any language. Read in Unicode NFC
 * (a decomposed "ễ" counts as one character, as a reader sees it), trimmed, with runs of
 * spaces inside collapsed to one. A nickname is letters of any script (with their combining
 * marks), digits and single inner spaces, hyphens, apostrophes, periods or middle dots, as real
 * names have ("Nguyễn Thảo", "Zoë-Anne", "O'Brien", "J. Smith", "玛丽·居里"); it starts and ends
 * with a letter or digit. A signature also takes ordinary punctuation. Neither takes control
 * characters, emoji or other symbols.
 */
export const NICKNAME_MIN = 2;
export const NICKNAME_MAX = 10;
export const SIGNATURE_MIN = 2;
export const SIGNATURE_MAX = 30;
const NAME_WORD = String.raw`[\p{L}\p{Nd}][\p{L}\p{M}\p{Nd}]*`;
const NAME_JOIN = String.raw`(?: |[-'\u2019.\u00b7] ?)`;
/** A nickname: words of letters and digits joined by one space, hyphen, apostrophe, period or middle dot. */
export const NICKNAME_PATTERN = new RegExp(`^${NAME_WORD}(?:${NAME_JOIN}${NAME_WORD})*\\.?$`, 'u');
/**
 * A signature: letters, marks, digits, punctuation of any script ("，", "！", "¿") and the
 * printable ASCII signs, in words joined by single spaces; no other symbols (emoji), no controls.
 */
export const SIGNATURE_PATTERN = /^(?=.*[\p{L}\p{Nd}])[\p{L}\p{M}\p{Nd}\p{P}\x21-\x7e]+(?: [\p{L}\p{M}\p{Nd}\p{P}\x21-\x7e]+)*$/u;

/** Length counted in characters as a reader sees them (code points after NFC), not UTF-16 units. */
function profileText(requiredKey: string, shortKey: string, charsKey: string, min: number, max: number, pattern: RegExp) {
  return z
    .string({ error: requiredKey })
    .transform((v) =>
      v
        .normalize('NFC')
        .trim()
        .replace(/\p{Zs}+/gu, ' '),
    )
    .pipe(
      z
        .string()
        .min(1, { error: requiredKey })
        .refine((v) => [...v].length >= min, { error: shortKey })
        .refine((v) => [...v].length <= max, { error: 'validation.tooLong' })
        .refine((v) => pattern.test(v), { error: charsKey }),
    );
}

export const nicknameField = profileText(
  'validation.nicknameRequired',
  'validation.nicknameShort',
  'validation.nicknameChars',
  NICKNAME_MIN,
  NICKNAME_MAX,
  NICKNAME_PATTERN,
);
export const signatureField = profileText(
  'validation.signatureRequired',
  'validation.signatureShort',
  'validation.signatureChars',
  SIGNATURE_MIN,
  SIGNATURE_MAX,
  SIGNATURE_PATTERN,
);

/** The payment password: exactly 6 digits. */
export const payPasswordField = z
  .string({ error: 'validation.payPasswordRequired' })
  .min(1, { error: 'validation.payPasswordRequired' })
  .regex(/^\d{6}$/, { error: 'validation.payPasswordFormat' });

/** A file this server handed out from `POST /upload` (`/uploads/<name>`, with or without its signature). */
export function uploadUrlField(requiredKey: string) {
  return requiredText(requiredKey, 300).regex(/^\/uploads\/[a-f0-9]{32}\.(?:jpg|png|webp|gif)(?:\?.*)?$/, { error: requiredKey });
}

/** Identity document types. */
export const ID_TYPES = ['id_card', 'passport', 'driver_license'] as const;
export type IdType = (typeof ID_TYPES)[number];

/** Most significant digits an amount may have: the precision of the project's Decimal. */
export const AMOUNT_MAX_DIGITS = 20;

/**
 * Significant digits of a plain decimal string: from the first non-zero digit to the last
 * non-zero one of the fraction (`"0.00120"` → 2, `"100.5"` → 4, `"100"` → 3, `"0"` → 0).
 */
export function significantDigits(value: string): number {
  const [whole = '', fraction = ''] = value.split('.');
  const intDigits = whole.replace(/^0+/, '');
  const fracDigits = fraction.replace(/0+$/, '');
  return intDigits ? intDigits.length + fracDigits.length : fracDigits.replace(/^0+/, '').length;
}

/**
 * An amount as typed, read as `parseAmount` reads it (domain/funds/amounts.ts: ".5" and "1."
 * accepted, leading zeros dropped) and handed on in that normalised form, with at most 20
 * significant digits. The currency's decimals and per-request maximum are checked where the
 * currency is known, by `parseAmount` itself.
 */
export function amountField(requiredKey = 'validation.amountRequired') {
  return requiredText(requiredKey, 64)
    .refine((v) => normaliseAmount(v) !== null, { error: 'validation.amountInvalid' })
    .transform((v) => normaliseAmount(v) ?? v)
    .refine((v) => significantDigits(v) <= AMOUNT_MAX_DIGITS, { error: 'validation.amountDigits' });
}

/** A price the user may leave out (limit price, take-profit, stop-loss): empty is none. */
export function optionalPrice(invalidKey: string) {
  return z
    .string({ error: invalidKey })
    .trim()
    .max(64, { error: invalidKey })
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || normaliseAmount(v) !== null, { error: invalidKey })
    .transform((v) => (v === undefined ? undefined : (normaliseAmount(v) ?? v)));
}

/** An amount the user may leave out that must be above zero when given (a copy's margin cap or stop-loss): empty is none. */
export function optionalPositiveAmount(invalidKey = 'validation.amountInvalid') {
  return optionalPrice(invalidKey)
    .refine((v) => v === undefined || significantDigits(v) <= AMOUNT_MAX_DIGITS, { error: 'validation.amountDigits' })
    .refine((v) => v === undefined || !/^0(\.0*)?$/.test(v), { error: 'validation.amountPositive' });
}

/** An asset account by name (legal, change, lever, micro) or number 1–4. */
export const assetAccountField = z
  .string({ error: 'validation.accountInvalid' })
  .trim()
  .regex(/^(legal|change|lever|micro|[1-4])$/, { error: 'validation.accountInvalid' });

/** True when a password and its confirmation are the same. */
export function passwordsMatch(d: { password: string; confirm: string }): boolean {
  return d.password === d.confirm;
}

/** A yes/no switch sent as `1`/`0` (or `true`/`false`). */
export const flagField = z.enum(['1', '0', 'true', 'false'], { error: 'validation.invalid' }).transform((v) => v === '1' || v === 'true');
