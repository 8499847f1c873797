/** The auth area's endpoints (see domain/api/contract.ts for how areas are merged). */
import { z } from 'zod';
import { defineEndpoints, endpoint } from '../api/endpoint';
import {
  accountField,
  areaCodeField,
  codeField,
  confirmPasswordField,
  emailField,
  flagField,
  inviteCodeField,
  mobileField,
  passwordField,
  passwordsMatch,
  requiredText,
} from '../api/fields';
import { secondFactorField } from '../security/contract';
import type { LoginAnswer } from './types';

/** Scenes a verification code is bound to. */
export const CODE_SCENES = ['register', 'forget', 'bind', 'security'] as const;
export type CodeScene = (typeof CODE_SCENES)[number];
/** Scenes anyone may request; `security` codes go only to the signed-in user's own address. */
const sceneField = z.enum(['register', 'forget', 'bind'], { error: 'validation.sceneInvalid' });

const registerInput = z
  .discriminatedUnion(
    'type',
    [
      z.object({ type: z.literal('email'), user_string: emailField }),
      z.object({ type: z.literal('mobile'), user_string: mobileField, area_code: areaCodeField }),
    ],
    { error: 'validation.registerTypeInvalid' },
  )
  .and(
    z.object({
      code: codeField,
      password: passwordField,
      re_password: confirmPasswordField,
      extension_code: inviteCodeField,
    }),
  )
  .refine((d) => passwordsMatch({ password: d.password, confirm: d.re_password }), {
    error: 'validation.passwordMismatch',
    path: ['re_password'],
  });

const forgetInput = z
  .object({
    account: accountField,
    area_code: areaCodeField.optional(),
    password: passwordField,
    repassword: confirmPasswordField,
    code: codeField,
  })
  .refine((d) => passwordsMatch({ password: d.password, confirm: d.repassword }), {
    error: 'validation.passwordMismatch',
    path: ['repassword'],
  });

export const authEndpoints = defineEndpoints({
  '/sms_mail': endpoint<string>()({
    method: 'POST',
    access: 'public',
    input: z.object({ user_string: emailField, scene: sceneField }),
  }),
  '/sms_send': endpoint<string>()({
    method: 'POST',
    access: 'public',
    input: z.object({ area_code: areaCodeField, mobile: mobileField, scene: sceneField }),
  }),
  '/user/check_email': endpoint<string>()({
    method: 'POST',
    access: 'public',
    input: z.object({ user_string: emailField, email_code: codeField }),
  }),
  /** The answer is a session token, as login's is: registering signs the new user in. */
  '/user/register': endpoint<string>()({ method: 'POST', access: 'public', input: registerInput }),
  /** A session token, or for a user with two-factor on the challenge of the second step. */
  '/user/login': endpoint<LoginAnswer>()({
    method: 'POST',
    access: 'public',
    input: z.object({
      user_string: accountField,
      area_code: areaCodeField.optional(),
      password: z.string({ error: 'validation.passwordRequired' }).min(1, { error: 'validation.passwordRequired' }),
      /** "Stay logged in": a longer-lived session. */
      remember: flagField.optional(),
    }),
  }),
  /** The second login step: the challenge of a right password and a TOTP or recovery code; answers a session token. */
  '/user/login_2fa': endpoint<string>()({
    method: 'POST',
    access: 'public',
    input: z.object({
      challenge: requiredText('validation.challengeRequired', 64),
      code: secondFactorField,
    }),
  }),
  '/user/logout': endpoint<string>()({ method: 'GET', access: 'user', input: z.object({}) }),
  '/user/forget': endpoint<string>()({ method: 'POST', access: 'public', input: forgetInput }),
});
