/** The tables this area owns: only its own SQL names them (tests/unit/tableOwners.test.ts); others go through its repositories. */
export const TABLES = ['price_alerts', 'push_subscriptions'] as const;
