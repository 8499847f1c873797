/** The tables this area owns: only its own SQL names them (tests/unit/tableOwners.test.ts); others go through its repositories. */
export const TABLES = ['reward_settings', 'rebates', 'coupon_kinds', 'coupons', 'coupon_uses'] as const;
