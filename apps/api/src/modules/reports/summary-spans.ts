import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** A range of instants [start, end), in milliseconds since the epoch. */
export interface Range {
  start: number;
  end: number;
}

/** Where a period's figures are read: whole UTC days from the day summaries, the rest from the hourly ones. */
export interface SummarySpans {
  days: Range[];
  hours: Range[];
}

const dayMs = 86_400_000;

/**
 * [start, end) (instants on UTC hour boundaries, as local midnights of whole-hour-offset zones are) split
 * for the summaries of migrations 0025–0026: the UTC days wholly inside it and holding none of
 * `boundaries` strictly inside them (each is read as one row per key from the day tables, and lies in one
 * bucket of the caller's), and the hours left (the edges, and the days a bucket starts in). Adjacent
 * ranges are merged. Grouping by company day needs every local midnight as a boundary: in a zone east of
 * UTC every UTC day then holds one, and the whole period is read by the hour.
 */
export function summarySpans(start: Date, end: Date, boundaries: readonly Date[] = []): SummarySpans {
  const s = start.getTime();
  const e = end.getTime();
  const firstDay = Math.ceil(s / dayMs) * dayMs;
  const lastDay = Math.floor(e / dayMs) * dayMs;
  const days: Range[] = [];
  const hours: Range[] = [];
  const push = (list: Range[], a: number, b: number) => {
    if (a >= b) return;
    const last = list.at(-1);
    if (last && last.end === a) last.end = b;
    else list.push({ start: a, end: b });
  };
  if (firstDay >= lastDay) {
    push(hours, s, e);
    return { days, hours };
  }
  const cut = new Set<number>();
  for (const boundary of boundaries) {
    const t = boundary.getTime();
    const day = Math.floor(t / dayMs) * dayMs;
    if (t !== day && day >= firstDay && day < lastDay) cut.add(day);
  }
  push(hours, s, firstDay);
  for (let day = firstDay; day < lastDay; day += dayMs) push(cut.has(day) ? hours : days, day, day + dayMs);
  push(hours, lastDay, e);
  return { days, hours };
}

const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
const inRanges = (column: SQL, ranges: Range[]) =>
  sql.join(
    ranges.map((r) => sql`(${column} >= ${at(r.start)} and ${column} < ${at(r.end)})`),
    sql` or `,
  );

/**
 * The summary rows of `spans` as one subquery aliased by the caller: `columns` (over alias `s`) of the
 * hourly table's rows in `spans.hours` and of the day table's in `spans.days`, each with `at`, the hour's
 * or the day's first instant, filtered by `where` (over `s`, columns both tables have).
 */
export function summaryRows(
  tables: { hours: PgTable; days: PgTable },
  spans: SummarySpans,
  columns: SQL,
  where: SQL,
): SQL {
  const branches: SQL[] = [];
  if (spans.hours.length)
    branches.push(sql`select ${columns}, s.hour as at from ${tables.hours} s
      where ${where} and (${inRanges(sql`s.hour`, spans.hours)})`);
  if (spans.days.length)
    branches.push(sql`select ${columns}, s.day as at from ${tables.days} s
      where ${where} and (${inRanges(sql`s.day`, spans.days)})`);
  if (!branches.length)
    branches.push(sql`select ${columns}, s.hour as at from ${tables.hours} s where false`);
  return sql`(${sql.join(branches, sql` union all `)})`;
}
