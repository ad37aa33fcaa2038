/**
 * Which cached tables a statement may change, read from its Kysely query tree before it
 * runs (db/local-writes.ts). The caches (lib/fact-cache.ts) hold facts from these tables
 * only; a statement that writes one of them must be reported, so every doubt counts as a
 * write. Migration 0005's NOTIFY triggers report the same writes made by other
 * processes, with the same two exceptions, and must be kept in step with this file.
 */
import type { OperationNode } from 'kysely';

/** The tables whose facts are cached: sessions (users, auth_tokens) and the catalogue (miners, coins). */
export const WATCHED_TABLES = ['users', 'auth_tokens', 'miners', 'coins'] as const;
export type WatchedTable = (typeof WATCHED_TABLES)[number];

const NOTHING: ReadonlySet<WatchedTable> = new Set();
const EVERYTHING: ReadonlySet<WatchedTable> = new Set(WATCHED_TABLES);

/**
 * Tables whose cached facts are only ever looked up by key, and only when found (a
 * session by its token): a new row cannot change a cached fact, so a plain INSERT is no
 * change. An upsert (ON CONFLICT DO UPDATE) is.
 */
const NEW_ROWS_CHANGE_NOTHING: ReadonlySet<string> = new Set(['users', 'auth_tokens']);

/**
 * The session "touch" (repositories/auth-tokens-repository.ts, once a minute per token)
 * sets only this column, which no cache serves: it must not empty the session cache.
 */
const UNCACHED_COLUMNS: Readonly<Record<string, ReadonlySet<string>>> = {
  auth_tokens: new Set(['last_used_at']),
};

/** Words that make raw SQL a possible write: DML, DDL, and code whose effect is unknown. */
const WRITE_WORDS = /\b(insert|update|delete|merge|truncate|copy|alter|drop|create|call|do)\b/i;
/** Raw SQL that runs code we cannot read: it may write anything. */
const OPAQUE_CODE = /\b(call|do)\b|\$\$/i;
const MENTIONS = WATCHED_TABLES.map((table) => [table, new RegExp(`\\b${table}\\b`, 'i')] as const);

interface Node extends OperationNode {
  readonly [property: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as { kind?: unknown }).kind === 'string';

/** The table a write targets (`miners`, `miners as m`), or undefined when it is not a plain table. */
function tableName(target: unknown): string | undefined {
  if (!isNode(target)) return undefined;
  if (target.kind === 'AliasNode') return tableName(target.node);
  if (target.kind !== 'TableNode') return undefined;
  const identifier = (target.table as { identifier?: { name?: unknown } } | undefined)?.identifier;
  return typeof identifier?.name === 'string' ? identifier.name : undefined;
}

function columnNames(updates: unknown): string[] | undefined {
  if (!Array.isArray(updates)) return undefined;
  const names: string[] = [];
  for (const update of updates) {
    const name = (update as { column?: { column?: { name?: unknown } } }).column?.column?.name;
    if (typeof name !== 'string') return undefined;
    names.push(name);
  }
  return names;
}

/**
 * Raw SQL (sql`...`) that may write: a write to every watched table it names, or to all
 * when it runs code or splices in SQL (`${sql.table(name)}`) rather than values.
 */
function rawWrites(node: Node, into: Set<WatchedTable>): void {
  const text = (node.sqlFragments as readonly string[]).join(' ');
  if (!WRITE_WORDS.test(text)) return;
  const splicesSql = (node.parameters as readonly OperationNode[]).some((parameter) => parameter.kind !== 'ValueNode');
  if (splicesSql || OPAQUE_CODE.test(text)) {
    for (const table of WATCHED_TABLES) into.add(table);
    return;
  }
  for (const [table, mention] of MENTIONS) if (mention.test(text)) into.add(table);
}

function addTarget(target: unknown, into: Set<WatchedTable>, isChange: (table: string) => boolean): void {
  const name = tableName(target);
  // A target we cannot name (a subquery, an unknown node) may be any table.
  if (name === undefined) for (const table of WATCHED_TABLES) into.add(table);
  else if ((EVERYTHING as ReadonlySet<string>).has(name) && isChange(name)) into.add(name as WatchedTable);
}

const QUERY_KINDS = new Set([
  'SelectQueryNode',
  'InsertQueryNode',
  'UpdateQueryNode',
  'DeleteQueryNode',
  'MergeQueryNode',
  'RawNode',
]);

/**
 * A statement writes its own target and the targets of its WITH clause, nothing else:
 * PostgreSQL allows a data-modifying statement only there ("WITH clause containing a
 * data-modifying statement must be at the top level"), so subqueries and expressions
 * elsewhere are reads. A function called from one could write, but no function of this
 * schema writes a watched table. Reading only this much keeps the check at a few
 * microseconds per statement.
 */
function visit(node: Node, into: Set<WatchedTable>): void {
  switch (node.kind) {
    case 'InsertQueryNode': {
      const upsert = isNode(node.onConflict) && node.onConflict.updates !== undefined;
      addTarget(node.into, into, (table) => upsert || !NEW_ROWS_CHANGE_NOTHING.has(table) || node.replace === true);
      break;
    }
    case 'UpdateQueryNode': {
      const columns = columnNames(node.updates);
      addTarget(node.table, into, (table) => {
        const uncached = UNCACHED_COLUMNS[table];
        return !uncached || columns === undefined || columns.length === 0 || columns.some((c) => !uncached.has(c));
      });
      break;
    }
    case 'DeleteQueryNode': {
      const froms = isNode(node.from) && Array.isArray(node.from.froms) ? node.from.froms : [undefined];
      for (const target of froms) addTarget(target, into, () => true);
      break;
    }
    case 'MergeQueryNode':
      addTarget(node.into, into, () => true);
      break;
    case 'RawNode':
      rawWrites(node, into);
      return;
    case 'SelectQueryNode':
      break;
    default:
      for (const table of WATCHED_TABLES) into.add(table);
      return;
  }
  const expressions = isNode(node.with) && Array.isArray(node.with.expressions) ? node.with.expressions : [];
  for (const cte of expressions) {
    const expression = (cte as { expression?: unknown }).expression;
    if (isNode(expression)) visit(expression, into);
    else for (const table of WATCHED_TABLES) into.add(table);
  }
}

/**
 * The watched tables `query` (a compiled statement's root node) may change. A query
 * builder statement is read from its targets, CTEs included; raw SQL by its words;
 * anything else (schema changes) may change every table.
 */
export function watchedTablesWrittenBy(query: OperationNode): ReadonlySet<WatchedTable> {
  if (!QUERY_KINDS.has(query.kind)) return EVERYTHING;
  const into = new Set<WatchedTable>();
  visit(query as Node, into);
  return into.size === 0 ? NOTHING : into;
}
