/** The targets area's endpoints (see domain/api/contract.ts for how areas are merged). */
import { z } from 'zod';
import { defineEndpoints, endpoint } from '../api/endpoint';
import type { Page } from '../api/envelope';
import { pageFields, payPasswordField, positiveIntParam, requiredText, uploadUrlField } from '../api/fields';
import type { BankCard, WalletAddress } from './types';

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

export const targetsEndpoints = defineEndpoints({
  '/user/wallet/save': endpoint<string>()({ method: 'POST', access: 'user', input: walletSaveInput }),
  '/user/wallet/list': endpoint<Page<WalletAddress>>()({
    method: 'GET',
    access: 'user',
    input: z.object(pageFields),
  }),
  '/user/wallet/delete': endpoint<string>()({
    method: 'POST',
    access: 'user',
    input: z.object({ id: positiveIntParam('validation.idInvalid'), pay_password: payPasswordField }),
  }),
  '/user/cash_save': endpoint<string>()({ method: 'POST', access: 'user', input: bankDomesticInput }),
  '/user/cash_save_international': endpoint<string>()({
    method: 'POST',
    access: 'user',
    input: bankInternationalInput,
  }),
  '/user/cash_info': endpoint<BankCard | null>()({ method: 'POST', access: 'user', input: z.object({}) }),
  '/user/cash_info_international': endpoint<BankCard | null>()({
    method: 'POST',
    access: 'user',
    input: z.object({}),
  }),
});
