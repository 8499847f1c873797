/**
 * The row layer: the drivers' column parsers (NUMERIC normalised to a decimal string, BIGINT to a
 * number) and the row reader that checks each row's column types against its spec.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import type { Db } from '../../server/db/db';
import { parseNumeric } from '../../server/db/parsers';
import { openPglite } from '../../server/db/pglite';
import { rowReader, RowTypeError } from '../../server/db/rows';

describe('column parsers', () => {
  it('normalise NUMERIC text without going through a float', () => {
    expect(parseNumeric('0.0100')).toBe('0.01');
    expect(parseNumeric('5.000')).toBe('5');
    expect(parseNumeric('-0.50')).toBe('-0.5');
    expect(parseNumeric('1234567890123.12345678')).toBe('1234567890123.12345678');
    expect(parseNumeric('0.1000000000000000000000000001')).toBe('0.1000000000000000000000000001');
    expect(parseNumeric('0.000')).toBe('0');
    expect(parseNumeric('-0.00')).toBe('0');
    expect(parseNumeric('120')).toBe('120');
    expect(parseNumeric('NaN')).toBe('NaN');
    expect(parseNumeric('1.50e3')).toBe('1500');
  });

  it("trim the database's plain form to exactly what Decimal would write", () => {
    // What PostgreSQL prints for a NUMERIC of some scale: sign, integer part, the scale's digits (trailing zeros kept).
    const numeric = fc
      .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: 20 }))
      .map(([negative, units, scale]) => {
        const digits = units.toString().padStart(scale + 1, '0');
        const text = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
        return negative && units !== 0n ? `-${text}` : text;
      });
    fc.assert(
      fc.property(numeric, (text) => {
        expect(parseNumeric(text)).toBe(new Decimal(text).toFixed());
      }),
      { numRuns: 2000 },
    );
  });
});

describe('PGlite answers', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPglite(null);
    await db.exec(`CREATE TABLE t (id BIGINT, n INTEGER, s SMALLINT, amount NUMERIC(20, 4), price NUMERIC, note TEXT, ok BOOLEAN);
      INSERT INTO t VALUES (9007199254740991, 7, 2, 0.0100, 1.50, NULL, true), (2, 3, 1, 5, 2.5, 'x', false);`);
  });
  afterAll(() => db.close());

  it('NUMERIC as a normalised string, INT8/INT4/INT2 and COUNT(*) as numbers, ::text untouched', async () => {
    const [row] = await db.query<Record<string, unknown>>(
      `SELECT id, n, s, amount, price, price::text AS price_text, (SELECT SUM(amount) FROM t) AS total,
         (SELECT COUNT(*) FROM t) AS count FROM t WHERE n = 7`,
    );
    expect(row).toEqual({
      id: 9007199254740991,
      n: 7,
      s: 2,
      amount: '0.01',
      price: '1.5',
      price_text: '1.50',
      total: '5.01',
      count: 2,
    });
  });

  const rows = rowReader<{ id: number; amount: string; note: string | null; ok: boolean }>('t', {
    id: 'int',
    amount: 'decimal',
    note: 'text?',
    ok: 'bool',
  });

  it('reads rows typed through a spec and hands back the driver rows', async () => {
    expect(await rows.all(db, 'SELECT id, amount, note, ok FROM t ORDER BY id')).toEqual([
      { id: 2, amount: '5', note: 'x', ok: false },
      { id: 9007199254740991, amount: '0.01', note: null, ok: true },
    ]);
    expect(await rows.one(db, 'SELECT id, amount, note, ok FROM t WHERE id = $1', [2])).toEqual({
      id: 2,
      amount: '5',
      note: 'x',
      ok: false,
    });
    expect(await rows.one(db, 'SELECT id, amount, note, ok FROM t WHERE id = 0')).toBeUndefined();
  });

  it('rejects a row whose column has the wrong type, naming the table and the column', async () => {
    await expect(rows.all(db, 'SELECT id::text AS id, amount, note, ok FROM t ORDER BY id')).rejects.toThrow(
      'row of t: column id should be int, got string "2"',
    );
    await expect(rows.all(db, 'SELECT id, amount, note FROM t')).rejects.toThrow('row of t: column ok should be bool, got no such column');
    const error = await rows.one(db, 'SELECT id, NULL::numeric AS amount, note, ok FROM t LIMIT 1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RowTypeError);
    expect(error).toMatchObject({ table: 't', column: 'amount', expected: 'decimal', actual: null });
  });

  it('checks a plain object the same way (for paged rows)', () => {
    expect(() => rows.check({ id: 1.5, amount: 1, note: null, ok: true })).toThrow('column amount should be decimal, got number 1');
  });
});
