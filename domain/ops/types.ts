/** What the operator API (`/ops`, domain/ops/contract.ts) answers. */
import type { Page } from '../api/envelope';
import type { DepositItem, WithdrawalItem } from '../funds/types';

/** A user as the operator sees it: no password hashes, only whether a payment password is set. */
export interface OpsUser {
  id: number;
  email: string | null;
  area_code: string | null;
  mobile: string | null;
  invite_code: string;
  invited_by: number | null;
  nickname: string;
  signature: string;
  avatar: string | null;
  lang: string;
  fiat: string;
  created_at: number;
  identity_level: number;
  pay_password_set: boolean;
}

export type OpsUserPage = Page<OpsUser>;

/** One identity submission, as stored. */
export interface OpsIdentityDecision {
  id: number;
  user_id: number;
  level: 1 | 2;
  id_type: string | null;
  name: string | null;
  card_id: string | null;
  country: string | null;
  front_upload_id: number | null;
  reverse_upload_id: number | null;
  status: 'pending' | 'approved' | 'rejected';
  reason: string | null;
  created_at: number;
  decided_at: number | null;
}

/** A submission in the review list: with its owner and signed links to the document photos. */
export interface OpsIdentity extends OpsIdentityDecision {
  email: string | null;
  mobile: string | null;
  front: string | null;
  reverse: string | null;
}

/** A deposit in the review list: with its owner, the sending address and a signed voucher link. */
export interface OpsDeposit extends DepositItem {
  user_id: number;
  sender: string | null;
  email: string | null;
}

/** A withdrawal in the review list, with its owner. */
export interface OpsWithdrawal extends WithdrawalItem {
  user_id: number;
  email: string | null;
}

/** A credit made by hand. */
export interface OpsCredit {
  id: number;
  user_id: number;
  account: string;
  currency: string;
  amount: string;
  reason: string;
}
