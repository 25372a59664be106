import { AsyncLocalStorage } from 'node:async_hooks';
import {
  defaultTimeZone,
  eurosToCents,
  type FieldError,
  type FilterOp,
  type ListQuery,
  type ListResult,
  maxCountedRows,
  type Orders,
} from '@mostrador/contract';
import { type AnyColumn, and, asc, Column, desc, is, SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { type DbOrTx, type DrizzleInternals, internalsOf, statementNameOf } from '../db/client.js';
import { listShrinks } from '../db/list-shrinks.table.js';
import { AppError } from './app-error.js';
import { parseClientInstant } from './time.js';

/**
 * `number`, `money` and `percentage` are stored as PostgreSQL `integer`: ids, counts, cents, hundredths.
 * `date` is an instant (`timestamptz`); `day` a plain calendar date (`date`, e.g. a birthdate).
 */
export type FieldType = 'string' | 'number' | 'money' | 'boolean' | 'date' | 'day' | 'percentage';

const maxInteger = 2_147_483_647;
const isStorableInteger = (value: number) => Number.isInteger(value) && Math.abs(value) <= maxInteger;

export interface ListField {
  column: AnyColumn | SQL;
  type: FieldType;
}

export interface ListSpec {
  fields: Record<string, ListField>;
  /** Columns searched with a case-insensitive substring match by `query`. */
  search: (AnyColumn | SQL)[];
  defaultOrder: Orders;
  tiebreaker: AnyColumn;
  timeZone?: string;
}

/**
 * An export reading a list (modules/exports): it pages past the 10,000th row and counts every match.
 * Only `readingForExport` sets it, around the list's own service call, so the public lists keep their
 * cap and their capped count. `count` receives the exact count on the first page read; the later
 * pages skip counting (`counted`) and get that count back.
 */
export interface ExportReading {
  count?: number;
  counted: boolean;
  /** Set: the page query gets this LIMIT and no OFFSET, for the export to read it through a cursor. */
  cursorLimit?: number;
}
const exportReading = new AsyncLocalStorage<ExportReading>();

/** Runs `read` (a list service's pages) uncapped; answers its result and the exact count of matches. */
export async function readingForExport<T>(
  reading: ExportReading,
  read: () => Promise<T>,
): Promise<{ result: T; count: number | undefined }> {
  const result = await exportReading.run(reading, read);
  return { result, count: reading.count };
}

/** Whether the list is being read by an export (`readingForExport`): uncapped, every match counted. */
export const readingAnExport = () => exportReading.getStore() !== undefined;

/** `like` operands and the free-text query match literally: % and _ are escaped. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function coerce(type: FieldType, value: unknown, path: string, timeZone: string, errors: FieldError[]) {
  const fail = (message: string) => {
    errors.push({ field: path, message });
    return undefined;
  };
  switch (type) {
    case 'string':
      return typeof value === 'string' ? value : fail('must be a string');
    case 'number':
      return typeof value === 'number' && isStorableInteger(value) ? value : fail('must be an integer');
    case 'money': {
      if (typeof value !== 'number') return fail('must be a number');
      let cents: number;
      try {
        cents = eurosToCents(value);
      } catch {
        return fail('must have at most two decimals');
      }
      return isStorableInteger(cents) ? cents : fail('out of range');
    }
    case 'percentage': {
      if (typeof value !== 'number') return fail('must be a number');
      const hundredths = Math.round(value * 100);
      return isStorableInteger(hundredths) ? hundredths : fail('out of range');
    }
    case 'boolean':
      return typeof value === 'boolean' ? value : fail('must be a boolean');
    case 'day': {
      const day = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
      const time = day ? Date.parse(`${day}T00:00:00Z`) : Number.NaN;
      const real = !Number.isNaN(time) && new Date(time).toISOString().startsWith(day!);
      return real ? value : fail('must be a date as YYYY-MM-DD');
    }
    case 'date': {
      if (typeof value !== 'string') return fail('must be a date');
      const instant = parseClientInstant(value, timeZone);
      return instant ?? fail('must be an ISO date');
    }
  }
}

function condition(
  field: ListField,
  op: FilterOp,
  operand: unknown,
  path: string,
  tz: string,
  errors: FieldError[],
) {
  const col = field.column;
  if (op === 'isNull') return operand ? sql`${col} is null` : sql`${col} is not null`;
  if (op === 'in' || op === 'nin') {
    const values = (operand as unknown[]).map((v, i) => coerce(field.type, v, `${path}.${i}`, tz, errors));
    if (values.length === 0) return op === 'in' ? sql`false` : sql`true`;
    const list = sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    );
    return op === 'in' ? sql`${col} in (${list})` : sql`${col} not in (${list})`;
  }
  if (op === 'like') {
    if (typeof operand !== 'string') {
      errors.push({ field: path, message: 'must be a string' });
      return undefined;
    }
    return sql`${col}::text ilike ${likePattern(operand)}`;
  }
  const value = coerce(field.type, operand, path, tz, errors);
  if (value === undefined) return undefined;
  const ops = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;
  return sql`${col} ${sql.raw(ops[op])} ${value}`;
}

/** The WHERE and ORDER BY of a list request, validated against the list's fields. */
/** A list request as services pass it: with the company's time zone, which plain dates are read in. */
export type ZonedListQuery = ListQuery & { timeZone?: string };

export function listClauses(query: ZonedListQuery, spec: ListSpec, scope: SQL) {
  const errors: FieldError[] = [];
  const tz = query.timeZone ?? spec.timeZone ?? defaultTimeZone;
  const where: (SQL | undefined)[] = [scope];
  if (query.query) {
    const pattern = likePattern(query.query);
    const matches = spec.search.map((c) => sql`${c} ilike ${pattern}`);
    if (matches.length) where.push(sql`(${sql.join(matches, sql` or `)})`);
  }
  for (const [name, ops] of Object.entries(query.filters ?? {})) {
    const field = spec.fields[name];
    if (!field) {
      errors.push({ field: `filters.${name}`, message: 'unknown filter field' });
      continue;
    }
    for (const [op, operand] of Object.entries(ops)) {
      where.push(condition(field, op as FilterOp, operand, `filters.${name}.${op}`, tz, errors));
    }
  }
  const orders = query.orders && Object.keys(query.orders).length ? query.orders : spec.defaultOrder;
  const orderBy: SQL[] = [];
  for (const [name, direction] of Object.entries(orders)) {
    const field = spec.fields[name];
    if (!field) {
      errors.push({ field: `orders.${name}`, message: 'unknown order field' });
      continue;
    }
    orderBy.push(direction === 'desc' ? desc(field.column) : asc(field.column));
  }
  const first = Object.values(orders)[0] ?? 'asc';
  orderBy.push(first === 'desc' ? desc(spec.tiebreaker) : asc(spec.tiebreaker));
  const offset = (query.page - 1) * query.limit;
  if (offset >= maxCountedRows && !exportReading.getStore()) {
    errors.push({
      field: 'page',
      message: `lists reach the ${maxCountedRows}th row at most: refine the search`,
    });
  }
  if (errors.length) throw new AppError('validation', errors);
  const cursorLimit = exportReading.getStore()?.cursorLimit;
  if (cursorLimit) return { where: and(...where) as SQL, orderBy, limit: cursorLimit, offset: 0 };
  return { where: and(...where) as SQL, orderBy, limit: query.limit, offset };
}

/** Counts exactly up to the cap, then reports the cap: an exact count of a million rows is too slow. */
export function cappedTotal(count: number): { total: number; totalCapped?: boolean } {
  return count > maxCountedRows ? { total: maxCountedRows, totalCapped: true } : { total: count };
}

const cappedCountLimit = maxCountedRows + 1;

/** The rows matching `where`, counted up to the cap: cheap however large the table. */
export async function countCapped(db: DbOrTx, table: PgTable, where: SQL): Promise<number> {
  const reading = exportReading.getStore();
  if (reading) {
    // An export counts every match once, on its first page; later pages get that count back.
    if (reading.counted) return reading.count ?? 0;
    const [all] = await db.select({ n: sql<number>`count(*)::int` }).from(table).where(where);
    reading.counted = true;
    reading.count = all?.n ?? 0;
    return reading.count;
  }
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(db.select({ one: sql`1` }).from(table).where(where).limit(cappedCountLimit).as('capped'));
  return row?.n ?? 0;
}

/** What `listClauses` answers, with the WHERE a repository may have narrowed further (a search). */
export interface PageClauses {
  where: SQL;
  orderBy: SQL[];
  limit: number;
  offset: number;
}

/** Whether a list query keeps every row of its license: no search, no filter. */
export const isUnfiltered = (query: { query?: string; filters?: Record<string, unknown> }) =>
  !query.query && !Object.keys(query.filters ?? {}).length;

/** The lists whose rows leaving are counted in `list_shrinks` (migration 0028's triggers). */
export type ShrinkingList = 'bookings' | 'orders';

/**
 * The unfiltered lists this process counted beyond the cap, by `list:licenseId`: the license's number
 * in `list_shrinks` then. Valid in any process, at any time, while that number holds: it moves in the
 * transaction of every delete, so a snapshot with the same number has every row the count saw.
 */
const beyondCap = new Map<string, number>();
/** How many unfiltered pages were answered without counting (for tests). */
export const knownCounts = { used: 0 };

/**
 * A page of a list and its capped count in one statement, "keys first". The page's keys are chosen on
 * `table` alone (the WHERE, the ORDER BY and its tiebreaker, LIMIT/OFFSET, served by the table's
 * indexes), then the rows of those keys only are read with `columns`, sorted again by the same ORDER BY
 * (whose tiebreaker makes the order total, so it is exactly the keys' order). The names a list shows
 * belong in `columns` as scalar subqueries by primary key (no joins): PostgreSQL plans each on its own
 * instead of searching the join orders of a dozen tables, which cost more than running the page (15 ms
 * against 1 ms for the bookings list), and they run for the page's rows only, not for every row an
 * OFFSET skips (page 100 of the bookings: 92 ms → 2–4 ms). The count, capped as `countCapped`'s, is an
 * uncorrelated subquery of the same statement: computed once, one round trip instead of two.
 *
 * An empty page carries no count: at the first page the count is 0; past the end it is counted apart.
 * An export reading the list (`readingForExport`) runs `whole` instead, the list's plain query with its
 * joins (its cursor needs the query to end with its LIMIT; it reads every row in one pass, where joins
 * beat subqueries per row: 0.5 s against 11 s for 309k orders), with `countCapped`'s exact count.
 */
export async function keysFirstPage<F extends SelectedFields>(
  db: DbOrTx,
  table: PgTable,
  key: PgColumn,
  columns: F,
  c: PageClauses,
  whole: (c: PageClauses) => Promise<SelectResultFields<F>[]>,
  /**
   * Given when `c.where` is the license's scope alone (no search, no filter): the list's name in
   * `list_shrinks`, so a count known to exceed the cap is not counted again while no row left.
   */
  unfiltered?: UnfilteredList,
): Promise<{ rows: SelectResultFields<F>[]; count: number }> {
  if (exportReading.getStore()) {
    const [rows, count] = await Promise.all([whole(c), countCapped(db, table, c.where)]);
    return { rows, count };
  }
  const statement = pageStatement(table, key, c, unfiltered);
  const page = pageColumnsOf(db, columns);
  const query = sql`select ${page.selectList}, ${statement.total}, ${statement.shrinks} from ${statement.pageRows}
    order by ${sql.join(c.orderBy, sql`, `)}`;
  const internal = internalsOf(db);
  const rendered = internal.dialect.sqlToQuery(query);
  const width = page.keys.length;
  let count = 0;
  let shrunk = 0;
  const rows = (await internal.session
    .prepareQuery(rendered, undefined, statementName(rendered.sql, c, unfiltered), true, (raw) =>
      raw.map((values) => {
        count = values[width] as number;
        shrunk = Number(values[width + 1]);
        return page.row(values);
      }),
    )
    .execute()) as SelectResultFields<F>[];
  if (!rows.length) return { rows: [], count: c.offset ? await countCapped(db, table, c.where) : 0 };
  statement.counted(count, shrunk);
  return { rows, count };
}

/**
 * The parts of keysFirstPage's statement around its select list: the page's rows (the table joined to
 * its page keys), the capped count and the shrinks of an unfiltered list, and what to remember of the
 * count it answered.
 */
function pageStatement(
  table: PgTable,
  key: PgColumn,
  c: PageClauses,
  unfiltered: UnfilteredList | undefined,
) {
  // LIMIT and the cap are written as numbers (validated integers), not parameters: PostgreSQL then
  // estimates a named statement's generic plan as well as a custom one and keeps it (see `name`).
  const limit = sql.raw(String(Math.trunc(c.limit)));
  const keys = sql`(select ${key} as key from ${table} where ${c.where} order by ${sql.join(c.orderBy, sql`, `)}
    limit ${limit}${c.offset ? sql` offset ${c.offset}` : sql``}) page_keys`;
  const counted = sql<number>`(select count(*)::int from (select 1 from ${table} where ${c.where}
    limit ${sql.raw(String(cappedCountLimit))}) capped)`;
  // Unfiltered, the count may be known: more than the cap when this process last counted, and no row
  // has left since (the same number of shrinks, read in the same snapshot); rows that came in only add.
  const shrinks = unfiltered
    ? sql<number>`coalesce((select ${listShrinks.n} from ${listShrinks} where ${listShrinks.licenseId} = ${unfiltered.licenseId}
      and ${listShrinks.list} = ${unfiltered.list}), 0)`
    : sql<number>`0`;
  const knownAt = knownCountOf(unfiltered);
  const total =
    knownAt === undefined
      ? counted
      : sql<number>`(case when ${shrinks} = ${knownAt} then ${sql.raw(String(cappedCountLimit))} else ${counted} end)`;
  return {
    pageRows: sql`${table} inner join ${keys} on page_keys.key = ${key}`,
    total,
    shrinks,
    /** Remembers an unfiltered list's count beyond the cap, with the shrinks it was read with. */
    counted: (count: number, shrunk: number) => rememberCount(unfiltered, knownAt, count, shrunk),
  };
}

/** The shrinks an unfiltered list's count beyond the cap was last read with, if it was. */
const knownCountOf = (unfiltered: UnfilteredList | undefined) =>
  unfiltered ? beyondCap.get(`${unfiltered.list}:${unfiltered.licenseId}`) : undefined;

/** Remembers an unfiltered list's count beyond the cap, with the shrinks it was read with. */
function rememberCount(
  unfiltered: UnfilteredList | undefined,
  knownAt: number | undefined,
  count: number,
  shrunk: number,
) {
  if (!unfiltered) return;
  if (knownAt === shrunk) knownCounts.used++;
  const mapKey = `${unfiltered.list}:${unfiltered.licenseId}`;
  if (count >= cappedCountLimit) {
    if (beyondCap.size >= 10_000 && !beyondCap.has(mapKey)) beyondCap.clear();
    beyondCap.set(mapKey, shrunk);
  } else beyondCap.delete(mapKey);
}

/**
 * The hot statement, an unfiltered first page, is named: PostgreSQL parses it once per connection and,
 * after five runs, keeps its generic plan instead of planning it at every request (the bookings page
 * planned 0.45-0.9 ms for 0.7-1.6 ms of execution). Its text varies only with the sort and the page
 * size, so a connection holds a handful. Other pages and filters, whose texts vary more, stay unnamed.
 */
function statementName(
  text: string,
  c: PageClauses,
  unfiltered: UnfilteredList | undefined,
): string | undefined {
  if (!unfiltered || c.offset) return undefined;
  return statementNameOf(text, 'kfp');
}

/** An instant as `Date.prototype.toISOString` writes it (milliseconds, UTC), for keysFirstPageJson. */
export const jsonInstant = (instant: AnyColumn | SQL) =>
  sql<string>`to_char(${instant} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Cents as euros, the number `centsToEuros` gives: the same IEEE division, which PostgreSQL writes in
 * its shortest exact form as JavaScript does (`extra_float_digits` 1, the default).
 */
export const jsonEuros = (cents: AnyColumn | SQL) => sql<number>`(${cents}::float8 / 100)`;

/** A list's items as PostgreSQL writes them in JSON: each field's name and its expression. */
export type JsonItemFields = Record<string, AnyColumn | SQL>;
const jsonItems = new WeakMap<JsonItemFields, SQL>();

/**
 * keysFirstPage's statement with the page written as JSON by PostgreSQL: `fields` gives each item's
 * expression already in the response's encoding (an instant as `toISOString` writes it, euros as
 * numbers), so the API passes the items' text through instead of decoding 50 rows and serializing
 * them again. Same keys, same order, same count as keysFirstPage, and an empty page carries its count
 * too (the aggregate answers one row whatever the page). Not for exports, which read `whole`.
 */
export async function keysFirstPageJson(
  db: DbOrTx,
  table: PgTable,
  key: PgColumn,
  fields: JsonItemFields,
  c: PageClauses,
  unfiltered?: UnfilteredList,
): Promise<{ items: string; count: number }> {
  const internal = internalsOf(db);
  // An unfiltered first page's statement depends only on the list, the license, the sort, the page
  // size and the count known beyond the cap: rendered once, not by drizzle at every request.
  const knownAt = knownCountOf(unfiltered);
  const renderedKey =
    unfiltered?.sort !== undefined && !c.offset
      ? `${unfiltered.list}:${unfiltered.licenseId}:${c.limit}:${knownAt ?? ''}:${unfiltered.sort}`
      : undefined;
  const rendered = renderedKey ? renderedFirstPagesOf(fields).get(renderedKey) : undefined;
  const statement = rendered ?? renderFirstPageJson(internal, table, key, fields, c, unfiltered, renderedKey);
  const [row] = (await internal.session
    .prepareQuery(statement.query, undefined, statement.name, true, (raw) => raw)
    .execute()) as [string, number, number | string][];
  const [items, count, shrunk] = row!;
  rememberCount(unfiltered, knownAt, count, Number(shrunk));
  return { items, count };
}

/** An unfiltered list (no search, no filter) as keysFirstPage names it; `sort`, the query's own. */
export interface UnfilteredList {
  licenseId: number;
  list: ShrinkingList;
  /**
   * The sort as the query gave it (its JSON, empty for the default), given when the clauses come from
   * `listClauses` alone: the first page's statement is then rendered once per sort and page size.
   */
  sort?: string;
}

interface RenderedPage {
  query: { sql: string; params: unknown[] };
  name: string | undefined;
}
/** keysFirstPageJson's statements of unfiltered first pages, by their items and `renderedKey`. */
const renderedFirstPages = new WeakMap<JsonItemFields, Map<string, RenderedPage>>();
function renderedFirstPagesOf(fields: JsonItemFields) {
  let rendered = renderedFirstPages.get(fields);
  if (!rendered) {
    rendered = new Map();
    renderedFirstPages.set(fields, rendered);
  }
  return rendered;
}

/** keysFirstPageJson's statement, rendered; kept under `renderedKey` when given. */
function renderFirstPageJson(
  internal: DrizzleInternals,
  table: PgTable,
  key: PgColumn,
  fields: JsonItemFields,
  c: PageClauses,
  unfiltered: UnfilteredList | undefined,
  renderedKey: string | undefined,
): RenderedPage {
  let item = jsonItems.get(fields);
  if (!item) {
    const columns = Object.entries(fields).map(([name, expression]) => {
      if (!/^[A-Za-z]\w*$/.test(name)) throw new Error(`keysFirstPageJson: bad field name ${name}`);
      return sql`${expression} as ${sql.raw(`"${name}"`)}`;
    });
    const built = sql`lateral (select ${sql.join(columns, sql`, `)}) item`;
    const rendered = internal.dialect.sqlToQuery(built);
    item = rendered.params.length ? built : sql.raw(rendered.sql);
    jsonItems.set(fields, item);
  }
  const statement = pageStatement(table, key, c, unfiltered);
  // row_to_json writes an item without blanks (json_build_object and json_agg add them: 13 % more bytes
  // for a bookings page), string_agg joins them in the page's order.
  const query =
    internal.dialect.sqlToQuery(sql`select coalesce('[' || string_agg(row_to_json(item)::text, ',' order by ${sql.join(c.orderBy, sql`, `)}) || ']', '[]'),
    ${statement.total}, ${statement.shrinks} from ${statement.pageRows} cross join ${item}`);
  const page = { query, name: statementName(query.sql, c, unfiltered) };
  if (renderedKey) {
    const kept = renderedFirstPagesOf(fields);
    // ~3 KB each: a thousand shapes (licenses × sorts × sizes) at most, the hot ones rendered again after.
    if (kept.size >= 1000) kept.clear();
    kept.set(renderedKey, page);
  }
  return page;
}

interface PageColumns {
  fields: SelectedFields;
  /** The select list, rendered once when no field carries a parameter. */
  selectList: SQL;
  keys: string[];
  row(values: unknown[]): Record<string, unknown>;
}
const pageColumns = new WeakMap<SelectedFields, PageColumns>();

/**
 * A list's page columns prepared once: each expression without parameters (the scalar subqueries of the
 * names) rendered to its SQL text, which drizzle then copies instead of walking a dozen subqueries'
 * chunks at every request, and a row reader that decodes each value as drizzle does (a column's own
 * mapping, an expression's `mapWith`), without drizzle's generic per-cell work. Building and mapping a
 * bookings page cost 0.4 + 0.5 ms of CPU per request before.
 */
function pageColumnsOf(db: DbOrTx, columns: SelectedFields): PageColumns {
  const known = pageColumns.get(columns);
  if (known) return known;
  const { dialect } = internalsOf(db);
  const fields: SelectedFields = {};
  const decoders: ((value: unknown) => unknown)[] = [];
  for (const [name, field] of Object.entries(columns)) {
    if (is(field, Column)) {
      fields[name] = field;
      decoders.push((value) => field.mapFromDriverValue(value));
    } else if (is(field, SQL)) {
      const { decoder } = field as unknown as { decoder: { mapFromDriverValue(value: unknown): unknown } };
      const rendered = dialect.sqlToQuery(field);
      fields[name] = rendered.params.length ? field : sql.raw(rendered.sql).mapWith(decoder);
      decoders.push((value) => decoder.mapFromDriverValue(value));
    } else {
      throw new Error(`keysFirstPage: ${name} must be a column or an expression`);
    }
  }
  const keys = Object.keys(fields);
  const list = sql.join(Object.values(fields) as SQL[], sql`, `);
  const rendered = dialect.sqlToQuery(list);
  const page: PageColumns = {
    fields,
    selectList: rendered.params.length ? list : sql.raw(rendered.sql),
    keys,
    row(values) {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) {
        const value = values[i];
        row[keys[i]!] = value === null ? null : decoders[i]!(value);
      }
      return row;
    },
  };
  pageColumns.set(columns, page);
  return page;
}

export function pageOf<T>(items: T[], count: number, query: ListQuery): ListResult<T> {
  return { items, ...cappedTotal(count), page: query.page, limit: query.limit };
}

/** A list route's whole answer, `{"data":…}` as pageOf gives it, around items already written as JSON. */
export function pageJsonOf(items: string, count: number, query: ListQuery): string {
  const rest = JSON.stringify({ ...cappedTotal(count), page: query.page, limit: query.limit });
  return `{"data":{"items":${items},${rest.slice(1)}}`;
}
