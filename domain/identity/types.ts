/** Payload types of the identity area's API answers (the `message` of a success envelope). */

/** Identity verification as `GET /real/state` tells it. */
export type IdentityStatus = 'none' | 'pending' | 'approved' | 'rejected';

export interface IdentityState {
  /** Highest approved level: 0 not certified, 1 basic, 2 advanced. */
  level: 0 | 1 | 2;
  /** State of the latest submission. */
  status: IdentityStatus;
  /** Level of the latest submission, if any. */
  submitted_level: 1 | 2 | null;
  /** Why the latest submission failed review. */
  reason: string | null;
  email_bound: boolean;
  mobile_bound: boolean;
  /** Basic details once submitted (name is shown masked). */
  name: string | null;
  id_type: string | null;
}
