import { ErrorCode, type ListQuery } from '@mostrador/contract';
import { eq, type SQL } from 'drizzle-orm';
import { boolean, integer, PgDialect, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.js';
import { cappedTotal, type ListSpec, likePattern, listClauses } from './list.js';

const items = pgTable('items', {
  id: integer('id').primaryKey(),
  licenseId: integer('license_id').notNull(),
  name: text('name').notNull(),
  price: integer('price').notNull(),
  percentage: integer('percentage').notNull(),
  count: integer('count').notNull(),
  active: boolean('active').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

const spec: ListSpec = {
  fields: {
    id: { column: items.id, type: 'number' },
    name: { column: items.name, type: 'string' },
    price: { column: items.price, type: 'money' },
    percentage: { column: items.percentage, type: 'percentage' },
    count: { column: items.count, type: 'number' },
    active: { column: items.active, type: 'boolean' },
    createdAt: { column: items.createdAt, type: 'date' },
  },
  search: [items.name],
  defaultOrder: { name: 'asc' },
  tiebreaker: items.id,
};

const dialect = new PgDialect();
const render = (fragment: SQL) => dialect.sqlToQuery(fragment);
const scope = eq(items.licenseId, 7);
const query = (q: Partial<ListQuery>): ListQuery => ({ page: 1, limit: 50, ...q });

/** The field errors `listClauses` throws for the query. */
function failures(q: Partial<ListQuery>): { field: string; message: string }[] {
  try {
    listClauses(query(q), spec, scope);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(ErrorCode.validation);
    return (error as AppError).details as { field: string; message: string }[];
  }
  throw new Error('listClauses accepted the query');
}

describe('likePattern', () => {
  it('wraps the term in % and escapes %, _ and backslash', () => {
    expect(likePattern('abc')).toBe('%abc%');
    expect(likePattern('50%')).toBe('%50\\%%');
    expect(likePattern('a_b')).toBe('%a\\_b%');
    expect(likePattern('c:\\dir')).toBe('%c:\\\\dir%');
    expect(likePattern('')).toBe('%%');
  });
});

describe('listClauses', () => {
  it('scopes, defaults the order with the id tie-breaker, and computes limit and offset', () => {
    const c = listClauses(query({ page: 3, limit: 20 }), spec, scope);
    expect(c.limit).toBe(20);
    expect(c.offset).toBe(40);
    const where = render(c.where);
    expect(where.sql).toContain('"license_id" = $1');
    expect(where.params).toEqual([7]);
    expect(c.orderBy.map((o) => render(o).sql)).toEqual(['"items"."name" asc', '"items"."id" asc']);
  });

  it('follows the first order direction for the tie-breaker', () => {
    const c = listClauses(query({ orders: { price: 'desc', name: 'asc' } }), spec, scope);
    expect(c.orderBy.map((o) => render(o).sql)).toEqual([
      '"items"."price" desc',
      '"items"."name" asc',
      '"items"."id" desc',
    ]);
  });

  it('searches the free text literally, case-insensitively', () => {
    const where = render(listClauses(query({ query: '10%_off' }), spec, scope).where);
    expect(where.sql).toContain('ilike');
    expect(where.params).toContain('%10\\%\\_off%');
  });

  it('converts operands to the stored units: cents, hundredths of a percent, instants', () => {
    const c = listClauses(
      query({
        filters: {
          price: { gte: 12.5 },
          percentage: { eq: 5.5 },
          createdAt: { lt: '2026-03-29' },
          active: { eq: true },
          id: { in: [1, 2] },
          name: { like: 'a%' },
          count: { isNull: false },
        },
      }),
      spec,
      scope,
    );
    const where = render(c.where);
    expect(where.params).toEqual([7, 1250, 550, new Date('2026-03-28T23:00:00.000Z'), true, 1, 2, '%a\\%%']);
    expect(where.sql).toContain('"items"."price" >= $2');
    expect(where.sql).toContain('"items"."id" in ($6, $7)');
    expect(where.sql).toContain('"items"."name"::text ilike $8');
    expect(where.sql).toContain('"items"."count" is not null');
  });

  it('answers an empty `in` with no rows and an empty `nin` with all', () => {
    const none = render(listClauses(query({ filters: { id: { in: [] } } }), spec, scope).where);
    expect(none.sql).toContain('false');
    const all = render(listClauses(query({ filters: { id: { nin: [] } } }), spec, scope).where);
    expect(all.sql).toContain('true');
  });

  it('reads dates in the list’s time zone', () => {
    const utc = render(
      listClauses(
        query({ filters: { createdAt: { gte: '2026-07-01T00:00' } } }),
        { ...spec, timeZone: 'UTC' },
        scope,
      ).where,
    );
    expect(utc.params).toContainEqual(new Date('2026-07-01T00:00:00.000Z'));
  });

  it('rejects unknown filter and order fields, naming them', () => {
    expect(failures({ filters: { secret: { eq: 1 } } })).toEqual([
      { field: 'filters.secret', message: 'unknown filter field' },
    ]);
    expect(failures({ orders: { secret: 'asc' } })).toEqual([
      { field: 'orders.secret', message: 'unknown order field' },
    ]);
  });

  it('rejects operands of the wrong type, naming filters.<field>.<op>', () => {
    const fields = (q: Partial<ListQuery>) => failures(q).map((e) => e.field);
    expect(fields({ filters: { name: { eq: 5 } } })).toEqual(['filters.name.eq']);
    expect(fields({ filters: { count: { gt: '5' } } })).toEqual(['filters.count.gt']);
    expect(fields({ filters: { count: { gt: Number.NaN } } })).toEqual(['filters.count.gt']);
    expect(fields({ filters: { active: { eq: 'yes' } } })).toEqual(['filters.active.eq']);
    expect(fields({ filters: { price: { lte: 1.001 } } })).toEqual(['filters.price.lte']);
    expect(fields({ filters: { price: { lte: '3' } } })).toEqual(['filters.price.lte']);
    expect(fields({ filters: { createdAt: { gte: 'yesterday' } } })).toEqual(['filters.createdAt.gte']);
    expect(fields({ filters: { createdAt: { gte: 20260101 } } })).toEqual(['filters.createdAt.gte']);
    expect(fields({ filters: { name: { like: 3 } } })).toEqual(['filters.name.like']);
    expect(fields({ filters: { id: { in: [1, 'two'] } } })).toEqual(['filters.id.in.1']);
  });

  it('refuses numbers the integer columns cannot hold', () => {
    const fields = (q: Partial<ListQuery>) => failures(q).map((e) => e.field);
    expect(fields({ filters: { id: { eq: 1.5 } } })).toEqual(['filters.id.eq']);
    expect(fields({ filters: { id: { eq: 2_147_483_648 } } })).toEqual(['filters.id.eq']);
    expect(fields({ filters: { id: { in: [1, 1e20] } } })).toEqual(['filters.id.in.1']);
    expect(fields({ filters: { price: { gt: 30_000_000 } } })).toEqual(['filters.price.gt']);
    expect(fields({ filters: { percentage: { eq: 1e300 } } })).toEqual(['filters.percentage.eq']);
    const c = listClauses(
      query({ filters: { id: { eq: 2_147_483_647 }, price: { lt: -21_474_836.47 } } }),
      spec,
      scope,
    );
    expect(render(c.where).params).toEqual([7, 2_147_483_647, -2_147_483_647]);
  });

  it('reports every failing field at once', () => {
    expect(
      failures({ filters: { name: { eq: 1 }, nope: { eq: 1 } }, orders: { nope: 'desc' } }).map(
        (e) => e.field,
      ),
    ).toEqual(['filters.name.eq', 'filters.nope', 'orders.nope']);
  });

  it('stops at the 10,000th row', () => {
    expect(listClauses(query({ page: 200, limit: 50 }), spec, scope).offset).toBe(9950);
    expect(listClauses(query({ page: 20, limit: 500 }), spec, scope).offset).toBe(9500);
    expect(failures({ page: 201, limit: 50 }).map((e) => e.field)).toEqual(['page']);
    expect(failures({ page: 10_001, limit: 1 }).map((e) => e.field)).toEqual(['page']);
  });
});

describe('cappedTotal', () => {
  it('is exact up to 10,000 and capped above', () => {
    expect(cappedTotal(0)).toEqual({ total: 0 });
    expect(cappedTotal(9_999)).toEqual({ total: 9_999 });
    expect(cappedTotal(10_000)).toEqual({ total: 10_000 });
    expect(cappedTotal(10_001)).toEqual({ total: 10_000, totalCapped: true });
  });
});
