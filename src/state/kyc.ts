import { proxy } from 'valtio';

/** The basic-verification form, kept outside the page so it survives the trip to the region picker. */
export const kycDraft = proxy({
  id_type: 'id_card' as 'id_card' | 'passport' | 'driver_license',
  name: '',
  card_id: '',
  country: null as string | null,
});
