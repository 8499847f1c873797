/** The security area's endpoints (see domain/api/contract.ts for how areas are merged). */
import { z } from 'zod';
import { defineEndpoints, endpoint } from '../api/endpoint';
import {
  areaCodeField,
  codeField,
  confirmPasswordField,
  emailField,
  flagField,
  mobileField,
  passwordField,
  passwordsMatch,
  payPasswordField,
} from '../api/fields';
import { ANTI_PHISHING_MAX, ANTI_PHISHING_MIN } from './twoFactor';
import type { RecoveryCodes, SecurityOverview, SessionInfo, TwoFactorSetup } from './types';

/** A current six-digit TOTP code. */
export const totpField = z
  .string({ error: 'validation.totpRequired' })
  .trim()
  .min(1, { error: 'validation.totpRequired' })
  .regex(/^\d{6}$/, { error: 'validation.totpInvalid' });

/** A TOTP code or a recovery code (`ABCDE-FGHIJ`, dash and case optional). */
export const secondFactorField = z
  .string({ error: 'validation.totpRequired' })
  .trim()
  .min(1, { error: 'validation.totpRequired' })
  .max(16, { error: 'validation.totpInvalid' })
  .regex(/^(\d{6}|[A-Za-z0-9]{5}[\s-]?[A-Za-z0-9]{5})$/, { error: 'validation.totpInvalid' });

/** The anti-phishing code: 4–20 letters (any script) or digits; empty removes it. */
const antiPhishingField = z
  .string({ error: 'validation.antiPhishingInvalid' })
  .trim()
  .refine((v) => v === '' || new RegExp(`^[\\p{L}\\p{N}]{${ANTI_PHISHING_MIN},${ANTI_PHISHING_MAX}}$`, 'u').test(v), {
    error: 'validation.antiPhishingInvalid',
  });

const updatePasswordInput = z
  .object({
    old_password: z.string({ error: 'validation.oldPasswordRequired' }).min(1, { error: 'validation.oldPasswordRequired' }),
    password: passwordField,
    re_password: confirmPasswordField,
    code: codeField,
  })
  .refine((d) => passwordsMatch({ password: d.password, confirm: d.re_password }), {
    error: 'validation.passwordMismatch',
    path: ['re_password'],
  });

const payPasswordInput = z
  .object({
    pay_password: payPasswordField,
    re_pay_password: z.string({ error: 'validation.confirmRequired' }).min(1, { error: 'validation.confirmRequired' }),
    code: codeField,
  })
  .refine((d) => passwordsMatch({ password: d.pay_password, confirm: d.re_pay_password }), {
    error: 'validation.passwordMismatch',
    path: ['re_pay_password'],
  });

export const securityEndpoints = defineEndpoints({
  '/safe/send_code': endpoint<string>()({
    method: 'POST',
    access: 'user',
    input: z.object({ channel: z.enum(['email', 'mobile'], { error: 'validation.channelInvalid' }) }),
  }),
  '/safe/update_password': endpoint<string>()({
    method: 'POST',
    access: 'user',
    input: updatePasswordInput,
  }),
  '/safe/pay_password': endpoint<string>()({ method: 'POST', access: 'user', input: payPasswordInput }),
  '/safe/mobile': endpoint<string>()({
    method: 'POST',
    access: 'user',
    input: z.object({ area_code: areaCodeField, mobile: mobileField, code: codeField }),
  }),
  '/safe/email': endpoint<string>()({
    method: 'POST',
    access: 'user',
    input: z.object({ email: emailField, code: codeField }),
  }),
  '/safe/sessions': endpoint<SessionInfo[]>()({ method: 'GET', access: 'user', input: z.object({}) }),
  '/safe/logout_others': endpoint<string>()({ method: 'POST', access: 'user', input: z.object({}) }),
  '/safe/overview': endpoint<SecurityOverview>()({ method: 'GET', access: 'user', input: z.object({}) }),
  /** Starts (or restarts, while not yet confirmed) two-factor setup: a new secret, shown once. */
  '/safe/two_factor/setup': endpoint<TwoFactorSetup>()({ method: 'POST', access: 'user', input: z.object({}) }),
  /** Confirms setup with a current code: two-factor is on; answers the recovery codes. */
  '/safe/two_factor/enable': endpoint<RecoveryCodes>()({ method: 'POST', access: 'user', input: z.object({ code: totpField }) }),
  '/safe/two_factor/disable': endpoint<string>()({
    method: 'POST',
    access: 'user',
    input: z.object({
      code: secondFactorField,
      password: z.string({ error: 'validation.passwordRequired' }).min(1, { error: 'validation.passwordRequired' }),
    }),
  }),
  /** A new set of recovery codes; the old ones die. */
  '/safe/two_factor/recovery_codes': endpoint<RecoveryCodes>()({
    method: 'POST',
    access: 'user',
    input: z.object({ code: secondFactorField }),
  }),
  '/safe/anti_phishing': endpoint<string>()({ method: 'POST', access: 'user', input: z.object({ code: antiPhishingField }) }),
  '/safe/stay_logged_in': endpoint<string>()({
    method: 'POST',
    access: 'user',
    input: z.object({ enabled: flagField }),
  }),
});
