/** Payload types of the targets area's API answers (the `message` of a success envelope). */

export interface WalletAddress {
  id: number;
  currency_id: number;
  currency: string;
  name: string;
  address: string;
  /** The network its format shows ("TRC20", "ERC20", "BTC"; `addressNetwork`), or null. */
  network: string | null;
  /** Signed URL of the QR image, if one was uploaded. */
  qrcode: string | null;
  created_at: number;
}

export type BankCardKind = 'domestic' | 'international';

export interface BankCard {
  kind: BankCardKind;
  real_name: string;
  /** Masked except the last 4 digits. */
  card_number: string;
  bank_name: string;
  branch: string;
  province_city: string | null;
  swift_code: string | null;
  aba_number: string | null;
  address: string | null;
  phone: string;
  updated_at: number;
}
