import { isDeepStrictEqual } from 'node:util';
import { bookingListItemSchema, listResponse } from '@mostrador/contract';
import Fastify from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileFast, createSerializerCompiler, registerSerializer, serializersOf } from './serializer.js';

function fastOf(schema: z.ZodType) {
  const compiled = compileFast(schema);
  if (!('fast' in compiled)) throw new Error(`fell back: ${compiled.refusal}`);
  return compiled.fast;
}

function zodOf(schema: z.ZodType) {
  return zodSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as (
    d: unknown,
  ) => string;
}

/** The fast answer, checked JSON-equal to zod's. */
function same(schema: z.ZodType, data: unknown) {
  const fast = fastOf(schema)(data);
  const zod = zodOf(schema)(data);
  expect(JSON.parse(fast)).toEqual(JSON.parse(zod));
  expect(isDeepStrictEqual(JSON.parse(fast), JSON.parse(zod))).toBe(true);
  return JSON.parse(fast) as unknown;
}

describe('compiled response serializer', () => {
  it('writes only the keys the schema declares, at every depth', () => {
    const schema = z.object({
      data: z.object({
        id: z.number().int(),
        name: z.string(),
        lines: z.array(z.object({ sku: z.string() })),
        byKey: z.record(z.string(), z.object({ n: z.number() })),
      }),
    });
    const out = same(schema, {
      data: {
        id: 1,
        name: 'Ana',
        passwordHash: '$argon2id$secret',
        lines: [{ sku: 'A', costCents: 12 }],
        byKey: { a: { n: 1, token: 'secret' } },
      },
      debug: 'secret',
    });
    expect(JSON.stringify(out)).not.toContain('secret');
    expect(out).toEqual({ data: { id: 1, name: 'Ana', lines: [{ sku: 'A' }], byKey: { a: { n: 1 } } } });
  });

  it('writes dates as ISO strings, as JSON.stringify does after zod', () => {
    const schema = z.object({ at: z.date(), maybe: z.date().nullable(), strings: z.string() });
    const at = new Date('2026-11-27T10:11:12.013Z');
    expect(same(schema, { at, maybe: null, strings: '2026-11-27T10:11:12+01:00' })).toEqual({
      at: '2026-11-27T10:11:12.013Z',
      maybe: null,
      strings: '2026-11-27T10:11:12+01:00',
    });
    same(schema, { at: new Date('0099-01-01T00:00:00Z'), maybe: new Date(Date.UTC(12345, 0)), strings: '' });
  });

  it('keeps null and absent apart', () => {
    const schema = z.object({
      a: z.string().nullable(),
      b: z.string().optional(),
      c: z.number().int().nullable().optional(),
      d: z.object({ x: z.number() }).nullable(),
      e: z.array(z.string()).nullable(),
      f: z.enum(['x', 'y']).nullable(),
      g: z.boolean().nullable(),
    });
    expect(same(schema, { a: null, b: undefined, d: null, e: null, f: null, g: null })).toEqual({
      a: null,
      d: null,
      e: null,
      f: null,
      g: null,
    });
    expect(
      same(schema, { a: 'a', b: 'b', c: null, d: { x: 1.5, y: 2 }, e: ['q'], f: 'y', g: false }),
    ).toEqual({
      a: 'a',
      b: 'b',
      c: null,
      d: { x: 1.5 },
      e: ['q'],
      f: 'y',
      g: false,
    });
  });

  it('writes numbers, strings and unknown values as JSON.stringify does', () => {
    const schema = z.object({
      n: z.number(),
      i: z.number().int(),
      s: z.string(),
      u: z.unknown(),
      lit: z.literal(true),
    });
    for (const data of [
      {
        n: -0,
        i: -0,
        s: 'quote " backslash \\ newline \n',
        u: { when: new Date(0), gone: undefined },
        lit: true,
      },
      {
        n: 1e21,
        i: 2_147_483_647,
        s: 'lone \ud800 surrogate, ñ, 汉字, emoji 🎉',
        u: [1, 'a', null],
        lit: true,
      },
      { n: 0.1 + 0.2, i: -5, s: 'x'.repeat(6000), u: null, lit: true },
    ]) {
      same(schema, data);
    }
  });

  it('tells the options of a union of scalars apart', () => {
    const schema = z.object({
      limit: z.union([z.literal(400), z.literal(3000)]),
      scope: z.record(z.string(), z.union([z.string(), z.number()])),
      maybe: z.union([z.string(), z.number()]).nullable(),
    });
    same(schema, { limit: 3000, scope: { a: 'x', b: 2 }, maybe: null });
    same(schema, { limit: 400, scope: {}, maybe: 7 });
    same(schema, { limit: 400, scope: {}, maybe: 'seven' });
  });

  it('writes a bookings-list page exactly as zod does', () => {
    const item = {
      id: 1,
      date: '2026-11-27T09:00:00.000Z',
      image: null,
      notes: 'Llega tarde "siempre"',
      price: 35.5,
      amount: 71,
      status: 'confirmed',
      quantity: 2,
      duration: 60,
      productName: 'Masaje',
      calendarName: 'Sala',
      customerName: 'Ana García',
      customerEmail: null,
      customerPhone: '+34 689 921 849',
      bookingCalendarId: 3,
      productId: 4,
      customerId: 5,
      startsAt: '2026-11-27T09:00:00.000Z',
      endsAt: '2026-11-27T10:00:00.000Z',
      attended: null,
      orderId: null,
      orderStatus: null,
      giftVoucherCode: null,
      balanceName: null,
      subscriptionName: 'Programa',
      licenseId: 99,
      customerPasswordHash: 'secret',
    };
    const page = {
      data: {
        items: [item, { ...item, id: 2, subscriptionName: undefined }],
        total: 2,
        page: 1,
        limit: 50,
        totalCapped: false,
      },
    };
    const out = same(listResponse(bookingListItemSchema), page) as { data: { items: object[] } };
    expect(out.data.items[0]).not.toHaveProperty('licenseId');
    expect(JSON.stringify(out)).not.toContain('secret');
  });

  it.each([
    ['a transform', z.object({ s: z.string().transform((v) => v.toUpperCase()) })],
    ['a pipe', z.object({ s: z.string().pipe(z.string()) })],
    ['a trim', z.object({ s: z.string().trim() })],
    ['a lowercase', z.object({ s: z.string().toLowerCase() })],
    ['a loose object', z.looseObject({ s: z.string() })],
    ['a strict object', z.strictObject({ s: z.string() })],
    [
      'a union of objects',
      z.object({ u: z.union([z.object({ a: z.number() }), z.object({ b: z.number() })]) }),
    ],
    [
      'a discriminated union',
      z.discriminatedUnion('k', [
        z.object({ k: z.literal('a') }),
        z.object({ k: z.literal('b'), n: z.number() }),
      ]),
    ],
    ['a coercion', z.object({ n: z.coerce.number() })],
    ['a coerced date', z.object({ d: z.coerce.date() })],
    ['a tuple', z.tuple([z.string(), z.number()])],
    ['a lazy schema', z.object({ l: z.lazy(() => z.string()) })],
  ])('falls back to zod for %s', (_label, schema) => {
    expect(compileFast(schema)).toHaveProperty('refusal');
  });

  it('falls back to zod for a recursive schema', () => {
    const node = z.object({
      name: z.string(),
      get children() {
        return z.array(node);
      },
    });
    expect(compileFast(node)).toHaveProperty('refusal');
  });

  it('counts the fallbacks and answers with zod for them', () => {
    const compiler = createSerializerCompiler();
    const loose = z.looseObject({ s: z.string() });
    const serialize = compiler({ schema: loose, method: 'GET', url: '/loose', httpStatus: '200' });
    compiler({ schema: z.object({ s: z.string() }), method: 'GET', url: '/plain', httpStatus: '200' });
    expect(compiler.fastCount).toBe(1);
    expect(compiler.fallbacks).toEqual([
      expect.objectContaining({ method: 'GET', url: '/loose', status: '200' }),
    ]);
    expect(JSON.parse(serialize({ s: 'a', kept: 1 }))).toEqual({ s: 'a', kept: 1 });
  });

  it('under verify, keeps zod refusing a wrong answer and fails on any difference', () => {
    const compiler = createSerializerCompiler({ verify: true });
    const schema = z.object({ n: z.number() });
    const serialize = compiler({ schema, method: 'GET', url: '/n', httpStatus: '200' });
    expect(serialize({ n: 1, extra: 2 })).toBe('{"n":1}');
    expect(() => serialize({ n: 'one' })).toThrow(/Response doesn't match the schema/);
    // A getter read twice gives two values: the second serializer sees another answer.
    let reads = 0;
    const original = console.error;
    console.error = () => {};
    try {
      expect(() =>
        serialize({
          get n() {
            return reads++;
          },
        }),
      ).toThrow(/differs from zod's at \$\.n: 1 vs 0/);
    } finally {
      console.error = original;
    }
  });

  it('serves a route through Fastify with the keys stripped', async () => {
    const app = Fastify();
    registerSerializer(app, { verify: true });
    const schema = z.object({ data: z.object({ id: z.number().int(), at: z.date() }) });
    app.get('/thing', { schema: { response: { 200: schema } } }, async () => ({
      data: { id: 7, at: new Date('2026-01-02T03:04:05.006Z'), secret: 'x' },
    }));
    await app.ready();
    const res = await app.inject({ method: 'GET', url: '/thing' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"data":{"id":7,"at":"2026-01-02T03:04:05.006Z"}}');
    expect(serializersOf(app)?.fastCount).toBeGreaterThan(0);
    await app.close();
  });
});
