/** The tables this area owns: only its own SQL names them (tests/unit/tableOwners.test.ts); others go through its repositories. */
export const TABLES = ['two_factor', 'recovery_codes', 'known_devices'] as const;
