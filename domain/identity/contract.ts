/** The identity area's endpoints (see domain/api/contract.ts for how areas are merged). */
import { z } from 'zod';
import { defineEndpoints, endpoint } from '../api/endpoint';
import { ID_TYPES, requiredText, uploadUrlField } from '../api/fields';
import type { IdentityState } from './types';

const identityInput = z.discriminatedUnion(
  'real_type',
  [
    z.object({
      real_type: z.literal('1'),
      id_type: z.enum(ID_TYPES, { error: 'validation.idTypeInvalid' }),
      /** Letters, marks and the punctuation names carry; at least two letters (a one-letter name is no name: 王五 and Li are). */
      name: requiredText('validation.realNameRequired', 60)
        .regex(/^[\p{L}\p{M}][\p{L}\p{M} .'·-]*$/u, { error: 'validation.realNameInvalid' })
        .refine((v) => (v.match(/\p{L}/gu)?.length ?? 0) >= 2, { error: 'validation.realNameInvalid' }),
      /**
       * Whitespace anywhere is dropped, not refused: documents print numbers in groups, so
       * "1234 5678 90" and " 1234567890 " are both 1234567890.
       */
      card_id: requiredText('validation.cardIdRequired', 60)
        .transform((v) => v.replace(/\s+/g, ''))
        .pipe(z.string().regex(/^[A-Za-z0-9-]{5,30}$/, { error: 'validation.cardIdInvalid' })),
      /** Required: the country that issued the document (ISO 3166-1 alpha-2). */
      country: requiredText('validation.countryRequired', 2).regex(/^[A-Z]{2}$/, { error: 'validation.countryRequired' }),
    }),
    z.object({
      real_type: z.literal('2'),
      front_pic: uploadUrlField('validation.frontPicRequired'),
      reverse_pic: uploadUrlField('validation.reversePicRequired'),
    }),
  ],
  { error: 'validation.realTypeInvalid' },
);

export const identityEndpoints = defineEndpoints({
  '/real/state': endpoint<IdentityState>()({ method: 'GET', access: 'user', input: z.object({}) }),
  '/user/real': endpoint<string>()({ method: 'POST', access: 'user', input: identityInput }),
});
