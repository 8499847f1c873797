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
import type {
  BankCard,
  BillItem,
  DepositInfo,
  DepositItem,
  ExchangeItem,
  ExchangeQuoteInfo,
  TransferItem,
  UserCurrency,
  WalletDetail,
  WalletOverview,
  WithdrawalItem,
  WithdrawInfo,
  ContentPage,
  Currency,
  FaqItem,
  FiatRateInfo,
  IdentityState,
  NewsDetail,
  NewsItem,
  NotificationItem,
  SessionInfo,
  SiteConfig,
  UserInfo,
  WalletAddress,
} from './types';
import { FIAT_CODES } from '../fiat';
import { LANGS } from '../i18n';
import {
  accountField,
  areaCodeField,
  codeField,
  confirmPasswordField,
  emailField,
  ID_TYPES,
  inviteCodeField,
  mobileField,
  nicknameField,
  optionalText,
  pageFields,
  passwordField,
  payPasswordField,
  positiveIntParam,
  requiredText,
  signatureField,
  timestampParam,
  uploadUrlField,
  amountField,
  assetAccountField,
} from './fields';

/** Who may call an endpoint: anyone, or only a signed-in user (else type 999). */
export type Access = 'public' | 'user';

export interface Endpoint<I extends z.ZodType = z.ZodType, O = unknown, A extends Access = Access> {
  method: 'GET' | 'POST';
  path: string;
  access: A;
  /** Identity level the caller must have; checked before anything else is read (type 998). */
  identity?: 1 | 2;
  /**
   * The call moves money: it honours an `Idempotency-Key` header (a retry with the same key
   * answers the first result and has no second effect), and the app sends one per submit.
   */
  idempotent?: true;
  input: I;
  /** Phantom: the answer's type, never read at run time. */
  output?: O;
}

function endpoint<O>() {
  return <I extends z.ZodType, A extends Access>(def: Omit<Endpoint<I, O, A>, 'output'>): Endpoint<I, O, A> => def;
}

/** Scenes a verification code is bound to. */
export const CODE_SCENES = ['register', 'forget', 'bind', 'security'] as const;
export type CodeScene = (typeof CODE_SCENES)[number];
/** Scenes anyone may request; `security` codes go only to the signed-in user's own address. */
const sceneField = z.enum(['register', 'forget', 'bind'], { error: 'validation.sceneInvalid' });

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

/** A yes/no switch sent as `1`/`0` (or `true`/`false`). */
const flagField = z.enum(['1', '0', 'true', 'false'], { error: 'validation.invalid' }).transform((v) => v === '1' || v === 'true');

const identityInput = z.discriminatedUnion(
  'real_type',
  [
    z.object({
      real_type: z.literal('1'),
      id_type: z.enum(ID_TYPES, { error: 'validation.idTypeInvalid' }),
      name: requiredText('validation.realNameRequired', 60).regex(/^[\p{L}\p{M}][\p{L}\p{M} .'·-]*$/u, {
        error: 'validation.realNameInvalid',
      }),
      card_id: requiredText('validation.cardIdRequired', 30).regex(/^[A-Za-z0-9-]{5,30}$/, { error: 'validation.cardIdInvalid' }),
      country: requiredText('validation.countryRequired', 2)
        .regex(/^[A-Z]{2}$/, { error: 'validation.countryRequired' })
        .optional(),
    }),
    z.object({
      real_type: z.literal('2'),
      front_pic: uploadUrlField('validation.frontPicRequired'),
      reverse_pic: uploadUrlField('validation.reversePicRequired'),
    }),
  ],
  { error: 'validation.realTypeInvalid' },
);

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

const phoneNumberField = requiredText('validation.bankPhoneRequired', 20)
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\+?\d{5,18}$/, { error: 'validation.bankPhoneInvalid' }));
const cardNumberField = requiredText('validation.cardNumberRequired', 40)
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^[A-Za-z0-9]{8,34}$/, { error: 'validation.cardNumberInvalid' }));

const bankCommon = {
  real_name: requiredText('validation.realNameRequired', 60),
  card_number: cardNumberField,
  bank_name: requiredText('validation.bankNameRequired', 80),
  branch: requiredText('validation.branchRequired', 80),
  phone: phoneNumberField,
  pay_password: payPasswordField,
};

const bankDomesticInput = z.object({ ...bankCommon, province_city: requiredText('validation.provinceCityRequired', 80) });
const bankInternationalInput = z.object({
  ...bankCommon,
  swift_code: requiredText('validation.swiftRequired', 11)
    .toUpperCase()
    .regex(/^[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/, { error: 'validation.swiftInvalid' }),
  aba_number: requiredText('validation.abaRequired', 9).regex(/^\d{9}$/, { error: 'validation.abaInvalid' }),
  address: requiredText('validation.cardholderAddressRequired', 200),
});

const walletSaveInput = z.object({
  currency: requiredText('validation.currencyRequired', 16),
  name: requiredText('validation.walletNameRequired', 30),
  address: requiredText('validation.addressRequired', 128).regex(/^[A-Za-z0-9:_-]{10,128}$/, { error: 'validation.addressInvalid' }),
  qrcode: uploadUrlField('validation.qrcodeRequired').optional(),
  pay_password: payPasswordField,
});

const notificationReadInput = z.object({ id: positiveIntParam('validation.idInvalid').optional() });

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
      /** "Stay logged in": a longer-lived session. */
      remember: flagField.optional(),
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

  '/real/state': endpoint<IdentityState>()({ method: 'GET', path: '/real/state', access: 'user', input: z.object({}) }),
  '/user/real': endpoint<string>()({ method: 'POST', path: '/user/real', access: 'user', input: identityInput }),
  '/safe/send_code': endpoint<string>()({
    method: 'POST',
    path: '/safe/send_code',
    access: 'user',
    input: z.object({ channel: z.enum(['email', 'mobile'], { error: 'validation.channelInvalid' }) }),
  }),
  '/safe/update_password': endpoint<string>()({
    method: 'POST',
    path: '/safe/update_password',
    access: 'user',
    input: updatePasswordInput,
  }),
  '/safe/pay_password': endpoint<string>()({ method: 'POST', path: '/safe/pay_password', access: 'user', input: payPasswordInput }),
  '/safe/mobile': endpoint<string>()({
    method: 'POST',
    path: '/safe/mobile',
    access: 'user',
    input: z.object({ area_code: areaCodeField, mobile: mobileField, code: codeField }),
  }),
  '/safe/email': endpoint<string>()({
    method: 'POST',
    path: '/safe/email',
    access: 'user',
    input: z.object({ email: emailField, code: codeField }),
  }),
  '/safe/sessions': endpoint<SessionInfo[]>()({ method: 'GET', path: '/safe/sessions', access: 'user', input: z.object({}) }),
  '/safe/logout_others': endpoint<string>()({ method: 'POST', path: '/safe/logout_others', access: 'user', input: z.object({}) }),
  '/safe/stay_logged_in': endpoint<string>()({
    method: 'POST',
    path: '/safe/stay_logged_in',
    access: 'user',
    input: z.object({ enabled: flagField }),
  }),
  '/user/uploadHeadPortrait': endpoint<string>()({
    method: 'POST',
    path: '/user/uploadHeadPortrait',
    access: 'user',
    input: z.object({ head_portrait: uploadUrlField('validation.avatarRequired') }),
  }),
  '/user/editNickname': endpoint<string>()({
    method: 'POST',
    path: '/user/editNickname',
    access: 'user',
    input: z.object({ nickname: nicknameField }),
  }),
  '/user/editSignature': endpoint<string>()({
    method: 'POST',
    path: '/user/editSignature',
    access: 'user',
    input: z.object({ signature: signatureField }),
  }),
  '/user/setFiat': endpoint<string>()({
    method: 'POST',
    path: '/user/setFiat',
    access: 'user',
    input: z.object({ fiat: z.enum(FIAT_CODES, { error: 'validation.fiatInvalid' }) }),
  }),
  '/user/setLanguage': endpoint<string>()({
    method: 'POST',
    path: '/user/setLanguage',
    access: 'user',
    input: z.object({ language: z.enum(LANGS, { error: 'validation.languageInvalid' }) }),
  }),
  '/wallet/getRateCurrency': endpoint<FiatRateInfo[]>()({
    method: 'GET',
    path: '/wallet/getRateCurrency',
    access: 'public',
    input: z.object({ id: optionalText(8) }),
  }),
  '/user/wallet/save': endpoint<string>()({ method: 'POST', path: '/user/wallet/save', access: 'user', input: walletSaveInput }),
  '/user/wallet/list': endpoint<Page<WalletAddress>>()({
    method: 'GET',
    path: '/user/wallet/list',
    access: 'user',
    input: z.object(pageFields),
  }),
  '/user/wallet/delete': endpoint<string>()({
    method: 'POST',
    path: '/user/wallet/delete',
    access: 'user',
    input: z.object({ id: positiveIntParam('validation.idInvalid'), pay_password: payPasswordField }),
  }),
  '/user/cash_save': endpoint<string>()({ method: 'POST', path: '/user/cash_save', access: 'user', input: bankDomesticInput }),
  '/user/cash_save_international': endpoint<string>()({
    method: 'POST',
    path: '/user/cash_save_international',
    access: 'user',
    input: bankInternationalInput,
  }),
  '/user/cash_info': endpoint<BankCard | null>()({ method: 'POST', path: '/user/cash_info', access: 'user', input: z.object({}) }),
  '/user/cash_info_international': endpoint<BankCard | null>()({
    method: 'POST',
    path: '/user/cash_info_international',
    access: 'user',
    input: z.object({}),
  }),
  '/user/notifications': endpoint<Page<NotificationItem>>()({
    method: 'GET',
    path: '/user/notifications',
    access: 'user',
    input: z.object(pageFields),
  }),
  '/user/notifications/read': endpoint<number>()({
    method: 'POST',
    path: '/user/notifications/read',
    access: 'user',
    input: notificationReadInput,
  }),
  '/news/index_pop': endpoint<NewsDetail | null>()({ method: 'GET', path: '/news/index_pop', access: 'public', input: z.object({}) }),
  '/menu': endpoint<{ key: string; title: string; path: string }[]>()({
    method: 'GET',
    path: '/menu',
    access: 'public',
    input: z.object({}),
  }),
  '/faq': endpoint<FaqItem[]>()({ method: 'GET', path: '/faq', access: 'public', input: z.object({}) }),
  '/contactus': endpoint<ContentPage>()({ method: 'GET', path: '/contactus', access: 'public', input: z.object({}) }),
  '/aboutus': endpoint<ContentPage>()({ method: 'GET', path: '/aboutus', access: 'public', input: z.object({}) }),
  '/operational_compliance': endpoint<ContentPage>()({
    method: 'GET',
    path: '/operational_compliance',
    access: 'public',
    input: z.object({}),
  }),
  '/wallet/list': endpoint<WalletOverview>()({ method: 'GET', path: '/wallet/list', access: 'user', input: z.object({}) }),
  '/wallet/detail': endpoint<WalletDetail>()({
    method: 'GET',
    path: '/wallet/detail',
    access: 'user',
    input: z.object({ currency: positiveIntParam('validation.currencyRequired'), type: assetAccountField }),
  }),
  '/wallet/change': endpoint<string>()({
    method: 'POST',
    path: '/wallet/change',
    access: 'user',
    idempotent: true,
    input: z
      .object({
        currency_id: positiveIntParam('validation.currencyRequired'),
        number: amountField(),
        from_field: assetAccountField,
        to_field: assetAccountField,
      })
      .refine((d) => d.from_field !== d.to_field, { error: 'validation.sameAccount', path: ['to_field'] }),
  }),
  '/wallet/hzhistory': endpoint<Page<TransferItem>>()({
    method: 'GET',
    path: '/wallet/hzhistory',
    access: 'user',
    input: z.object(pageFields),
  }),
  '/wallet/get_info': endpoint<WithdrawInfo>()({
    method: 'GET',
    path: '/wallet/get_info',
    access: 'user',
    input: z.object({ currency: positiveIntParam('validation.currencyRequired') }),
  }),
  '/wallet/get_in_address': endpoint<DepositInfo>()({
    method: 'GET',
    path: '/wallet/get_in_address',
    access: 'user',
    input: z.object({ currency: positiveIntParam('validation.currencyRequired') }),
  }),
  '/wallet/charge_req': endpoint<DepositItem>()({
    method: 'POST',
    path: '/wallet/charge_req',
    access: 'user',
    idempotent: true,
    input: z.object({
      currency: positiveIntParam('validation.currencyRequired'),
      type: requiredText('validation.networkRequired', 16),
      amount: amountField(),
      voucher: uploadUrlField('validation.voucherRequired'),
      /** The sending address or transaction id, to help the review. */
      account: optionalText(128),
    }),
  }),
  '/recharge/log': endpoint<Page<DepositItem>>()({ method: 'GET', path: '/recharge/log', access: 'user', input: z.object(pageFields) }),
  '/wallet/legal_log': endpoint<Page<BillItem>>()({
    method: 'GET',
    path: '/wallet/legal_log',
    access: 'user',
    input: z.object(pageFields),
  }),
  '/wallet/bills': endpoint<Page<BillItem>>()({
    method: 'GET',
    path: '/wallet/bills',
    access: 'user',
    input: z.object({
      account: assetAccountField.optional(),
      currency: positiveIntParam('validation.currencyRequired').optional(),
      kind: optionalText(32),
      ...pageFields,
    }),
  }),
  '/wallet/out': endpoint<WithdrawalItem>()({
    method: 'POST',
    path: '/wallet/out',
    access: 'user',
    idempotent: true,
    identity: 1,
    input: z.object({
      currency: positiveIntParam('validation.currencyRequired'),
      amount: amountField(),
      /** `address:<id>` of a saved wallet address, or `bank` / `bank_international`. */
      target: requiredText('validation.targetRequired', 32).regex(/^(address:[1-9]\d{0,15}|bank|bank_international)$/, {
        error: 'validation.targetRequired',
      }),
      pay_password: payPasswordField,
      remark: optionalText(100),
    }),
  }),
  '/user/withdraw/list': endpoint<Page<WithdrawalItem>>()({
    method: 'GET',
    path: '/user/withdraw/list',
    access: 'user',
    input: z.object(pageFields),
  }),
  '/user/getTransferList': endpoint<Page<ExchangeItem>>()({
    method: 'GET',
    path: '/user/getTransferList',
    access: 'user',
    input: z.object(pageFields),
  }),
  '/user/getTransferFee': endpoint<ExchangeQuoteInfo>()({
    method: 'GET',
    path: '/user/getTransferFee',
    access: 'user',
    input: z.object({
      from_currency_id: positiveIntParam('validation.currencyRequired'),
      to_currency_id: positiveIntParam('validation.currencyRequired'),
    }),
  }),
  '/user/Transfer': endpoint<ExchangeItem>()({
    method: 'POST',
    path: '/user/Transfer',
    access: 'user',
    idempotent: true,
    input: z
      .object({
        number: amountField(),
        from_currency_id: positiveIntParam('validation.currencyRequired'),
        to_currency_id: positiveIntParam('validation.currencyRequired'),
        /** The least the caller accepts to receive (what its preview showed); below it the answer is "the price moved". */
        min_receive: amountField().optional(),
      })
      .refine((d) => d.from_currency_id !== d.to_currency_id, { error: 'validation.sameCurrency', path: ['to_currency_id'] }),
  }),
  '/currency/user_currency_list': endpoint<UserCurrency[]>()({
    method: 'GET',
    path: '/currency/user_currency_list',
    access: 'user',
    input: z.object({}),
  }),
} as const;

export type Contract = typeof contract;
export type EndpointPath = keyof Contract;
/** What a caller sends to `P` (before defaults and transforms). */
export type InputOf<P extends EndpointPath> = z.input<Contract[P]['input']>;
/** What a handler of `P` receives (after validation). */
export type ParsedInputOf<P extends EndpointPath> = z.output<Contract[P]['input']>;
/** What `P` answers in `message`. */
export type OutputOf<P extends EndpointPath> = Exclude<Contract[P]['output'], undefined>;
