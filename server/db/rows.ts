/**
 * The one way a repository reads rows: a typed query helper over a small column spec, checked at
 * run time. (Chosen over zod schemas at the edge: a zod parse copies every row and allocates per
 * column; this check walks the spec once per row, O(columns), and hands back the row object the
 * driver built, unchanged.)
 *
 *   const loanRows = rowReader<LoanRow>('loans', { id: 'int', collateral: 'decimal', closed_at: 'int?' });
 *   const loan = await loanRows.one(q, `SELECT ${LOAN_COLUMNS} FROM loans WHERE id = $1`, [id]);
 *
 * The kinds match what the drivers hand back (server/db/parsers.ts): 'int' a number (INTEGER,
 * SMALLINT, BIGINT), 'decimal' a string (NUMERIC, already normalised by the parser; a `::text`
 * cast keeps the database's text), 'text' a string, 'bool' a boolean, 'json' any non-null value;
 * a trailing '?' also lets null through. A row whose column has another type (or is missing)
 * throws a `RowTypeError` naming the table, the column, the expected kind and what came back.
 *
 * `SpecFor<Row>` ties the spec to the row's interface at compile time: every field must be
 * listed, with a kind that fits its TypeScript type (a string union such as a status is 'text').
 */
import type { Queryable, SqlValue } from './db';

export type ColumnKind = 'int' | 'decimal' | 'text' | 'bool' | 'json';
export type ColumnSpec = ColumnKind | `${ColumnKind}?`;

/** The kinds a field of TypeScript type `V` may be read as. */
type KindFor<V> = [V] extends [number] ? 'int' : [V] extends [string] ? 'decimal' | 'text' : [V] extends [boolean] ? 'bool' : 'json';

type SpecOf<V> = null extends V ? `${KindFor<Exclude<V, null>>}?` : KindFor<V>;

/** A column spec for every field of `Row`, each with a kind that fits the field's type. */
export type SpecFor<Row> = { readonly [K in keyof Row]-?: SpecOf<Row[K]> };

export class RowTypeError extends Error {
  constructor(
    readonly table: string,
    readonly column: string,
    readonly expected: ColumnSpec,
    readonly actual: unknown,
  ) {
    const shown = actual === undefined ? 'no such column' : `${actual === null ? 'null' : typeof actual} ${JSON.stringify(actual)}`;
    super(`row of ${table}: column ${column} should be ${expected}, got ${shown}`);
    this.name = 'RowTypeError';
  }
}

export interface RowReader<Row> {
  readonly table: string;
  /** Checks one row's columns and returns it typed (the same object). */
  readonly check: (row: unknown) => Row;
  /** Runs a query and returns its rows, each checked. */
  all(q: Queryable, sql: string, params?: readonly SqlValue[]): Promise<Row[]>;
  /** Runs a query and returns its first row, checked, or undefined. */
  one(q: Queryable, sql: string, params?: readonly SqlValue[]): Promise<Row | undefined>;
}

const KIND_TYPE: Record<ColumnKind, string> = { int: 'number', decimal: 'string', text: 'string', bool: 'boolean', json: '' };

/** A reader for rows shaped like `Row`; `table` names them in errors. */
export function rowReader<Row>(table: string, spec: SpecFor<Row>): RowReader<Row> {
  const entries = Object.entries(spec) as [string, ColumnSpec][];
  const names = entries.map(([name]) => name);
  const types = entries.map(([, kind]) => KIND_TYPE[kind.replace('?', '') as ColumnKind]);
  const nullable = entries.map(([, kind]) => kind.endsWith('?'));
  const count = names.length;

  const check = (row: unknown): Row => {
    const record = row as Record<string, unknown>;
    for (let i = 0; i < count; i++) {
      const value = record[names[i]!];
      if (value === null ? nullable[i] : value !== undefined && (types[i] === '' || typeof value === types[i])) continue;
      throw new RowTypeError(table, names[i]!, entries[i]![1], value);
    }
    return row as Row;
  };

  return {
    table,
    check,
    async all(q, sql, params) {
      const rows = await q.query<unknown>(sql, params);
      for (const row of rows) check(row);
      return rows as Row[];
    },
    async one(q, sql, params) {
      const [row] = await q.query<unknown>(sql, params);
      return row === undefined ? undefined : check(row);
    },
  };
}
