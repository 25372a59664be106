import { describe, expect, it } from 'vitest';
import { defaultPageSize, listQuery, maxPageSize } from './list.js';

const schema = listQuery(['id', 'name', 'createdAt'] as const);

/** The issues' paths, joined with dots, of a failed parse. */
function failingPaths(input: Record<string, unknown>): string[] {
  const result = schema.safeParse(input);
  expect(result.success).toBe(false);
  return result.error!.issues.map((i) => i.path.join('.'));
}

describe('listQuery', () => {
  it('defaults to page 1 and 50 rows', () => {
    expect(schema.parse({})).toEqual({ page: 1, limit: 50 });
    expect(defaultPageSize).toBe(50);
    expect(maxPageSize).toBe(500);
  });

  it('coerces the query-string numbers and parses the JSON parameters', () => {
    expect(
      schema.parse({
        query: '  ana  ',
        page: '3',
        limit: '500',
        filters: '{"name":{"like":"an"},"id":{"in":[1,2]},"createdAt":{"isNull":false}}',
        orders: '{"createdAt":"desc","id":"asc"}',
      }),
    ).toEqual({
      query: 'ana',
      page: 3,
      limit: 500,
      filters: { name: { like: 'an' }, id: { in: [1, 2] }, createdAt: { isNull: false } },
      orders: { createdAt: 'desc', id: 'asc' },
    });
  });

  it('refuses malformed JSON, naming the parameter', () => {
    expect(failingPaths({ filters: '{"name":' })).toEqual(['filters']);
    expect(failingPaths({ orders: 'name' })).toEqual(['orders']);
    expect(failingPaths({ filters: '[1,2]' })).toEqual(['filters']);
    expect(failingPaths({ filters: '{"name":"ana"}' })).toEqual(['filters.name']);
  });

  it('refuses unknown fields, naming them', () => {
    expect(failingPaths({ filters: '{"password":{"eq":"x"}}' })).toEqual(['filters.password']);
    expect(failingPaths({ orders: '{"password":"asc"}' })).toEqual(['orders.password']);
  });

  it('refuses unknown operators and misshaped operands, naming filters.<field>.<op>', () => {
    expect(failingPaths({ filters: '{"name":{"between":[1,2]}}' })).toEqual(['filters.name.between']);
    expect(failingPaths({ filters: '{"id":{"in":1}}' })).toEqual(['filters.id.in']);
    expect(failingPaths({ filters: '{"id":{"nin":"1,2"}}' })).toEqual(['filters.id.nin']);
    expect(failingPaths({ filters: '{"name":{"isNull":"yes"}}' })).toEqual(['filters.name.isNull']);
  });

  it('refuses an unknown sort direction', () => {
    expect(failingPaths({ orders: '{"name":"up"}' })).toEqual(['orders.name']);
  });

  it('refuses page and limit out of bounds', () => {
    expect(failingPaths({ limit: '501' })).toEqual(['limit']);
    expect(failingPaths({ limit: '0' })).toEqual(['limit']);
    expect(failingPaths({ page: '0' })).toEqual(['page']);
    expect(failingPaths({ page: '1.5' })).toEqual(['page']);
    expect(failingPaths({ page: 'two' })).toEqual(['page']);
  });

  it('refuses a free-text query longer than 200 characters', () => {
    expect(failingPaths({ query: 'x'.repeat(201) })).toEqual(['query']);
    expect(schema.parse({ query: 'x'.repeat(200) }).query).toHaveLength(200);
  });
});
