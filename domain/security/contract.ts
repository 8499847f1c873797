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
import type { SessionInfo } from './types';

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
  '/safe/stay_logged_in': endpoint<string>()({
    method: 'POST',
    access: 'user',
    input: z.object({ enabled: flagField }),
  }),
});
