import type { Page } from '../../domain/api/envelope';
import type { Queryable, SqlValue } from './db';

/** A paged query: `SELECT <select> <from> ORDER BY <orderBy>`, with `$1…` in `from` bound to `params`. */
export interface PagedQuery {
  select: string;
  /** `FROM … WHERE …`; placeholders `$1…$n` refer to `params`. */
  from: string;
  orderBy: string;
  params: readonly SqlValue[];
}

/**
 * The one paged-list query of every repository: a page of rows and the total in one round trip
 * (a window count); a page past the end still answers the true total (a second, counting query).
 */
export async function paginate<Row extends object, Item = Row>(
  q: Queryable,
  query: PagedQuery,
  page: { page: number; limit: number },
  map: (row: Row) => Item = (row) => row as unknown as Item,
): Promise<Page<Item>> {
  const n = query.params.length;
  const rows = await q.query<Row & { __total: number }>(
    `SELECT ${query.select}, COUNT(*) OVER () AS __total ${query.from} ORDER BY ${query.orderBy} LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...query.params, page.limit, (page.page - 1) * page.limit],
  );
  let total = rows[0] ? Number(rows[0].__total) : 0;
  if (!rows.length && page.page > 1) {
    const [count] = await q.query<{ total: number }>(`SELECT COUNT(*)::int AS total ${query.from}`, query.params);
    total = Number(count?.total ?? 0);
  }
  return {
    data: rows.map(({ __total: _t, ...row }) => map(row as unknown as Row)),
    page: page.page,
    limit: page.limit,
    total,
  };
}
