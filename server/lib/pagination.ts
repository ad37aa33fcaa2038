/**
 * Limit/offset pagination (contracts/common.ts): one page of rows plus the total count
 * and links to the neighbouring pages, for every list endpoint.
 */
import { sql, type SelectQueryBuilder } from 'kysely';
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

/** The page's rows carry the total under this name; it never reaches a response. */
const TOTAL_COLUMN = 'pagination_total_count';

/** The rows a page request asks for: `?limit=` (default PAGE_SIZE_DEFAULT) from `?offset=`. */
export interface PageWindow {
  limit: number;
  offset: number;
}

export function pageWindow(query: PaginationQuery): PageWindow {
  return { limit: query.limit ?? PAGE_SIZE_DEFAULT, offset: query.offset ?? 0 };
}

/**
 * Runs a page of `rows` (ordered, without limit/offset) and the `count` query (one row,
 * one `count` column): the page's rows and the total.
 *
 * The count rides along with the rows as a scalar subquery (PostgreSQL runs it once, as an
 * InitPlan): one round trip per page instead of two. A database round trip is the largest
 * cost of a list request (bench:api), and the rows and their total now come from one
 * snapshot. Only an empty page, which has no row to carry the total, asks for it alone.
 */
export async function readPage<DB, TB extends keyof DB, Row, CountDB, CountTB extends keyof CountDB>(
  { limit, offset }: PageWindow,
  rows: SelectQueryBuilder<DB, TB, Row>,
  // Its own tables: the count need not join what the rows show.
  count: SelectQueryBuilder<CountDB, CountTB, { count: string | number | bigint }>,
): Promise<{ count: number; results: Row[] }> {
  const page = (await rows
    .select(sql<string>`${count}`.as(TOTAL_COLUMN) as never)
    .limit(limit)
    .offset(offset)
    .execute()) as (Row & { [TOTAL_COLUMN]: string | number | bigint })[];
  const total = page[0]?.[TOTAL_COLUMN] ?? (await count.executeTakeFirstOrThrow()).count;
  const results = page.map(({ [TOTAL_COLUMN]: _total, ...row }) => row as Row);
  return { count: Number(total), results };
}

/** readPage() as `{count, next, previous, results}`, with links relative to the request's URL. */
export async function paginate<DB, TB extends keyof DB, Row, CountDB, CountTB extends keyof CountDB>(
  request: PageRequest,
  rows: SelectQueryBuilder<DB, TB, Row>,
  count: SelectQueryBuilder<CountDB, CountTB, { count: string | number | bigint }>,
): Promise<Page<Row>> {
  const window = pageWindow(request.query);
  const page = await readPage(window, rows, count);
  return {
    count: page.count,
    ...pageLinks(request.url, window.limit, window.offset, page.count),
    results: page.results,
  };
}
