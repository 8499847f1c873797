/** The funds area's endpoints (see domain/api/contract.ts for how areas are merged). */
import { z } from 'zod';
import { totpField } from '../security/contract';
import { defineEndpoints, endpoint } from '../api/endpoint';
import type { Page } from '../api/envelope';
import {
  amountField,
  assetAccountField,
  optionalText,
  pageFields,
  payPasswordField,
  positiveIntParam,
  requiredText,
  uploadUrlField,
} from '../api/fields';
import type {
  BillItem,
  DepositInfo,
  DepositItem,
  ExchangeFirmQuote,
  ExchangeItem,
  ExchangeQuoteInfo,
  TransferItem,
  UserCurrency,
  WalletDetail,
  WalletOverview,
  WithdrawInfo,
  WithdrawalItem,
} from './types';

export const fundsEndpoints = defineEndpoints({
  '/wallet/list': endpoint<WalletOverview>()({ method: 'GET', access: 'user', input: z.object({}) }),
  '/wallet/detail': endpoint<WalletDetail>()({
    method: 'GET',
    access: 'user',
    input: z.object({ currency: positiveIntParam('validation.currencyRequired'), type: assetAccountField }),
  }),
  '/wallet/change': endpoint<string>()({
    method: 'POST',
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
    access: 'user',
    input: z.object(pageFields),
  }),
  '/wallet/get_info': endpoint<WithdrawInfo>()({
    method: 'GET',
    access: 'user',
    input: z.object({ currency: positiveIntParam('validation.currencyRequired') }),
  }),
  '/wallet/get_in_address': endpoint<DepositInfo>()({
    method: 'GET',
    access: 'user',
    input: z.object({ currency: positiveIntParam('validation.currencyRequired') }),
  }),
  '/wallet/charge_req': endpoint<DepositItem>()({
    method: 'POST',
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
  '/recharge/log': endpoint<Page<DepositItem>>()({ method: 'GET', access: 'user', input: z.object(pageFields) }),
  '/wallet/legal_log': endpoint<Page<BillItem>>()({
    method: 'GET',
    access: 'user',
    input: z.object(pageFields),
  }),
  '/wallet/bills': endpoint<Page<BillItem>>()({
    method: 'GET',
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
      /** A current TOTP code: required when the user has two-factor on (docs/SECURITY.md). */
      totp_code: totpField.optional(),
      remark: optionalText(100),
    }),
  }),
  '/user/withdraw/list': endpoint<Page<WithdrawalItem>>()({
    method: 'GET',
    access: 'user',
    input: z.object(pageFields),
  }),
  '/user/getTransferList': endpoint<Page<ExchangeItem>>()({
    method: 'GET',
    access: 'user',
    input: z.object(pageFields),
  }),
  '/user/getTransferFee': endpoint<ExchangeQuoteInfo>()({
    method: 'GET',
    access: 'user',
    input: z.object({
      from_currency_id: positiveIntParam('validation.currencyRequired'),
      to_currency_id: positiveIntParam('validation.currencyRequired'),
    }),
  }),
  '/user/exchangeQuote': endpoint<ExchangeFirmQuote>()({
    method: 'GET',
    access: 'user',
    input: z
      .object({
        number: amountField(),
        from_currency_id: positiveIntParam('validation.currencyRequired'),
        to_currency_id: positiveIntParam('validation.currencyRequired'),
      })
      .refine((d) => d.from_currency_id !== d.to_currency_id, { error: 'validation.sameCurrency', path: ['to_currency_id'] }),
  }),
  '/user/Transfer': endpoint<ExchangeItem>()({
    method: 'POST',
    access: 'user',
    idempotent: true,
    input: z
      .object({
        number: amountField(),
        from_currency_id: positiveIntParam('validation.currencyRequired'),
        to_currency_id: positiveIntParam('validation.currencyRequired'),
        /** The least the caller accepts to receive (what its preview showed); below it the answer is "the price moved". */
        min_receive: amountField().optional(),
        /** A firm quote from `/user/exchangeQuote` for this amount: filled at what it promised while it lasts. */
        quote_id: z.string().max(400, { error: 'errors.quoteInvalid' }).optional(),
      })
      .refine((d) => d.from_currency_id !== d.to_currency_id, { error: 'validation.sameCurrency', path: ['to_currency_id'] }),
  }),
  '/currency/user_currency_list': endpoint<UserCurrency[]>()({
    method: 'GET',
    access: 'user',
    input: z.object({}),
  }),
});
