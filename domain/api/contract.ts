/**
 * The API contract: every endpoint once, with its method, path, who may call it, the zod
 * schema of its input and the type of its answer. The server registers its handlers from
 * this table and validates with the same schemas; the client's calls are typed by it.
 */
import { z } from 'zod';
import type { Kline, MarketPair, Ticker } from '../market/types';
import { KLINE_PERIODS } from '../market/periods';
import type { TopicSnapshot } from '../protocol';
import type { Page } from './envelope';
import type { Currency, NewsDetail, NewsItem, SiteConfig, UserInfo } from './types';
import {
  accountField,
  areaCodeField,
  codeField,
  confirmPasswordField,
  emailField,
  inviteCodeField,
  mobileField,
  pageFields,
  passwordField,
  positiveIntParam,
  requiredText,
  timestampParam,
} from './fields';

/** Who may call an endpoint: anyone, or only a signed-in user (else type 999). */
export type Access = 'public' | 'user';

export interface Endpoint<I extends z.ZodType = z.ZodType, O = unknown, A extends Access = Access> {
  method: 'GET' | 'POST';
  path: string;
  access: A;
  input: I;
  /** Phantom: the answer's type, never read at run time. */
  output?: O;
}

function endpoint<O>() {
  return <I extends z.ZodType, A extends Access>(def: Omit<Endpoint<I, O, A>, 'output'>): Endpoint<I, O, A> => def;
}

/** Scenes a verification code is bound to. */
export const CODE_SCENES = ['register', 'forget', 'bind'] as const;
export type CodeScene = (typeof CODE_SCENES)[number];
const sceneField = z.enum(CODE_SCENES, { error: 'validation.sceneInvalid' });

function passwordsMatch(d: { password: string; confirm: string }): boolean {
  return d.password === d.confirm;
}

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

export const contract = {
  '/getSiteConfig': endpoint<SiteConfig>()({ method: 'GET', path: '/getSiteConfig', access: 'public', input: z.object({}) }),
  '/getSetting': endpoint<string>()({
    method: 'GET',
    path: '/getSetting',
    access: 'public',
    input: z.object({ keyword: requiredText('validation.keywordRequired', 64) }),
  }),
  '/sms_mail': endpoint<string>()({
    method: 'POST',
    path: '/sms_mail',
    access: 'public',
    input: z.object({ user_string: emailField, scene: sceneField }),
  }),
  '/sms_send': endpoint<string>()({
    method: 'POST',
    path: '/sms_send',
    access: 'public',
    input: z.object({ area_code: areaCodeField, mobile: mobileField, scene: sceneField }),
  }),
  '/user/check_email': endpoint<string>()({
    method: 'POST',
    path: '/user/check_email',
    access: 'public',
    input: z.object({ user_string: emailField, email_code: codeField }),
  }),
  '/user/register': endpoint<string>()({ method: 'POST', path: '/user/register', access: 'public', input: registerInput }),
  '/user/login': endpoint<string>()({
    method: 'POST',
    path: '/user/login',
    access: 'public',
    input: z.object({
      user_string: accountField,
      area_code: areaCodeField.optional(),
      password: z.string({ error: 'validation.passwordRequired' }).min(1, { error: 'validation.passwordRequired' }),
    }),
  }),
  '/user/logout': endpoint<string>()({ method: 'GET', path: '/user/logout', access: 'user', input: z.object({}) }),
  '/user/info': endpoint<UserInfo>()({ method: 'GET', path: '/user/info', access: 'user', input: z.object({}) }),
  '/user/forget': endpoint<string>()({ method: 'POST', path: '/user/forget', access: 'public', input: forgetInput }),
  '/currency/quotation_new': endpoint<Ticker[]>()({
    method: 'GET',
    path: '/currency/quotation_new',
    access: 'public',
    input: z.object({}),
  }),
  '/currency/new_timeshar': endpoint<Kline[]>()({
    method: 'GET',
    path: '/currency/new_timeshar',
    access: 'public',
    input: z.object({
      symbol: requiredText('validation.symbolRequired', 32),
      period: z.enum(KLINE_PERIODS, { error: 'validation.periodInvalid' }),
      from: timestampParam().optional(),
      to: timestampParam().optional(),
    }),
  }),
  '/currency/list': endpoint<{ currencies: Currency[]; pairs: MarketPair[] }>()({
    method: 'GET',
    path: '/currency/list',
    access: 'public',
    input: z.object({}),
  }),
  '/market/snapshot': endpoint<TopicSnapshot>()({
    method: 'GET',
    path: '/market/snapshot',
    access: 'public',
    input: z.object({ topic: requiredText('validation.topicInvalid', 64) }),
  }),
  '/news/list': endpoint<Page<NewsItem>>()({
    method: 'GET',
    path: '/news/list',
    access: 'public',
    input: z.object({ c_id: positiveIntParam('validation.categoryInvalid'), ...pageFields }),
  }),
  '/news/detail': endpoint<NewsDetail>()({
    method: 'GET',
    path: '/news/detail',
    access: 'public',
    input: z.object({ id: positiveIntParam('validation.idInvalid') }),
  }),
} as const;

export type Contract = typeof contract;
export type EndpointPath = keyof Contract;
/** What a caller sends to `P` (before defaults and transforms). */
export type InputOf<P extends EndpointPath> = z.input<Contract[P]['input']>;
/** What a handler of `P` receives (after validation). */
export type ParsedInputOf<P extends EndpointPath> = z.output<Contract[P]['input']>;
/** What `P` answers in `message`. */
export type OutputOf<P extends EndpointPath> = NonNullable<Contract[P]['output']>;
