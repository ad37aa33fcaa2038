/**
 * Limit/offset pagination (contracts/common.ts): one page of rows plus the total count
 * and links to the neighbouring pages, for every list endpoint.
 */
import type { SelectQueryBuilder } from 'kysely';
import { PAGE_SIZE_DEFAULT, type Page, type PaginationQuery } from '../../contracts/common.ts';

export interface PageRequest {
  /** The request's path and query string, as received ("/api/miners/?limit=10"). */
  url: string;
  query: PaginationQuery;
}

/**
 * Relative URLs of the previous and next pages: the same path and query with `limit`
 * and `offset` replaced, or null at either end.
 */
export function pageLinks(
  url: string,
  limit: number,
  offset: number,
  count: number,
): Pick<Page<never>, 'next' | 'previous'> {
  const link = (pageOffset: number) => {
    const target = new URL(url, 'http://localhost');
    target.searchParams.set('limit', String(limit));
    target.searchParams.set('offset', String(pageOffset));
    return `${target.pathname}?${target.searchParams}`;
  };
  return {
    next: offset + limit < count ? link(offset + limit) : null,
    previous: offset > 0 ? link(Math.max(0, Math.min(offset - limit, count - limit))) : null,
  };
}

/**
 * Runs a page of `rows` (ordered, without limit/offset) and the `count` query (one row,
 * one `count` column) and assembles `{count, next, previous, results}`.
 */
export async function paginate<DB, TB extends keyof DB, Row, CountDB, CountTB extends keyof CountDB>(
  request: PageRequest,
  rows: SelectQueryBuilder<DB, TB, Row>,
  // Its own tables: the count need not join what the rows show.
  count: SelectQueryBuilder<CountDB, CountTB, { count: string | number | bigint }>,
): Promise<Page<Row>> {
  const limit = request.query.limit ?? PAGE_SIZE_DEFAULT;
  const offset = request.query.offset ?? 0;
  const [results, total] = await Promise.all([
    rows.limit(limit).offset(offset).execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  const totalCount = Number(total.count);
  return { count: totalCount, ...pageLinks(request.url, limit, offset, totalCount), results };
}
