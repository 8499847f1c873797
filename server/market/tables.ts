/** The tables this area owns: only its own SQL names them (tests/unit/tableOwners.test.ts); others go through its repositories. */
export const TABLES = ['currencies', 'pairs', 'klines'] as const;
