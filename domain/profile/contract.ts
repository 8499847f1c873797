/** The profile area's endpoints (see domain/api/contract.ts for how areas are merged). */
import { z } from 'zod';
import { defineEndpoints, endpoint } from '../api/endpoint';
import { nicknameField, signatureField, uploadUrlField } from '../api/fields';
import { FIAT_CODES } from '../fiat';
import { LANGS } from '../i18n';
import type { UserInfo } from './types';

export const profileEndpoints = defineEndpoints({
  '/user/info': endpoint<UserInfo>()({ method: 'GET', access: 'user', input: z.object({}) }),
  '/user/uploadHeadPortrait': endpoint<string>()({
    method: 'POST',
    access: 'user',
    input: z.object({ head_portrait: uploadUrlField('validation.avatarRequired') }),
  }),
  '/user/editNickname': endpoint<string>()({
    method: 'POST',
    access: 'user',
    input: z.object({ nickname: nicknameField }),
  }),
  '/user/editSignature': endpoint<string>()({
    method: 'POST',
    access: 'user',
    input: z.object({ signature: signatureField }),
  }),
  '/user/setFiat': endpoint<string>()({
    method: 'POST',
    access: 'user',
    input: z.object({ fiat: z.enum(FIAT_CODES, { error: 'validation.fiatInvalid' }) }),
  }),
  '/user/setLanguage': endpoint<string>()({
    method: 'POST',
    access: 'user',
    input: z.object({ language: z.enum(LANGS, { error: 'validation.languageInvalid' }) }),
  }),
});
