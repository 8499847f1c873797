/** The tables this area owns: only its own SQL names them (tests/unit/tableOwners.test.ts); others go through its repositories. */
export const TABLES = ['futures_trades', 'futures_settlements', 'futures_limits', 'futures_exposure'] as const;
