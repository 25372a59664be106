import { ErrorCode, type Tax } from '@mostrador/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTax, readList } from './factories.js';
import { buildTestApp, call, createEmployee, createLicense, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const url = '/v1/admin/taxes';

const list = (token: string, query: Record<string, string> = {}) => readList<Tax>(t, token, url, query);

/** A license with taxes A 0 %, B 4 %, C 10 %, D 21 %, E 5.5 % (names prefixed), and its owner's token. */
async function licenseWithTaxes() {
  const owner = await createLicense(t);
  const taxes = [];
  for (const [name, percentage] of [
    ['IVA A', 0],
    ['IVA B', 4],
    ['IVA C', 10],
    ['IVA D', 21],
    ['IVA E', 5.5],
  ] as const) {
    taxes.push(await createTax(t, owner.token, { name, percentage }));
  }
  return { ...owner, taxes };
}

/** The 400's `details[].field`s of a list request. */
async function listFailure(token: string, query: Record<string, string>) {
  const res = await call(t, 'GET', url, { token, query });
  expect(res.status).toBe(400);
  expect(res.body.error.code).toBe(ErrorCode.validation);
  return res.body.error.details.map((d: { field: string }) => d.field);
}

describe('tax CRUD', () => {
  it('creates, reads, updates and deletes a tax, percentages exact', async () => {
    const { token } = await createLicense(t);
    const created = await createTax(t, token, { name: '  IVA general  ', percentage: 21 });
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'IVA general',
      percentage: 21,
      createdAt: expect.any(String),
    });
    expect(new Date(created.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const reduced = await createTax(t, token, { name: 'IVA superreducido', percentage: 5.5 });
    expect(reduced.percentage).toBe(5.5);
    expect((await call(t, 'GET', `${url}/${reduced.id}`, { token })).body.data).toEqual(reduced);

    const updated = await call(t, 'PUT', `${url}/${created.id}`, {
      token,
      payload: { name: 'IVA 10', percentage: 10.25 },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ id: created.id, name: 'IVA 10', percentage: 10.25 });
    expect((await call(t, 'GET', `${url}/${created.id}`, { token })).body.data.percentage).toBe(10.25);

    const removed = await call(t, 'DELETE', `${url}/${created.id}`, { token });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ data: { ok: true } });
    const gone = await call(t, 'GET', `${url}/${created.id}`, { token });
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe(ErrorCode.notFound);
    expect((await call(t, 'DELETE', `${url}/${created.id}`, { token })).status).toBe(404);
    expect(
      (await call(t, 'PUT', `${url}/${created.id}`, { token, payload: { name: 'x', percentage: 1 } })).status,
    ).toBe(404);
  });

  it('validates the body and names the fields', async () => {
    const { token } = await createLicense(t);
    const cases: [unknown, string][] = [
      [{ name: 'IVA', percentage: 5.555 }, 'percentage'],
      [{ name: 'IVA', percentage: -1 }, 'percentage'],
      [{ name: 'IVA', percentage: 100.01 }, 'percentage'],
      [{ name: 'IVA', percentage: '21' }, 'percentage'],
      [{ name: 'IVA' }, 'percentage'],
      [{ name: '   ', percentage: 21 }, 'name'],
      [{ percentage: 21 }, 'name'],
      [{ name: 'x'.repeat(81), percentage: 21 }, 'name'],
    ];
    for (const [payload, field] of cases) {
      const res = await call(t, 'POST', url, { token, payload });
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.error.code).toBe(ErrorCode.validation);
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toEqual([field]);
    }
    const tax = await createTax(t, token, { name: 'IVA', percentage: 21 });
    const res = await call(t, 'PUT', `${url}/${tax.id}`, {
      token,
      payload: { name: 'IVA', percentage: 5.555 },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].field).toBe('percentage');
    expect((await call(t, 'GET', `${url}/${tax.id}`, { token })).body.data.percentage).toBe(21);
    expect((await call(t, 'GET', `${url}/abc`, { token })).status).toBe(400);
  });

  it('needs a session', async () => {
    expect((await call(t, 'GET', url)).status).toBe(401);
    expect((await call(t, 'POST', url, { payload: { name: 'IVA', percentage: 21 } })).status).toBe(401);
  });
});

describe('tax list', () => {
  it('answers {items, total, page, limit} in name order by default', async () => {
    const { token, taxes } = await licenseWithTaxes();
    const res = await call(t, 'GET', url, { token });
    expect(Object.keys(res.body.data).sort()).toEqual(['items', 'limit', 'page', 'total']);
    expect(res.body.data).toMatchObject({ total: 5, page: 1, limit: 50 });
    expect(res.body.data.items.map((x: { name: string }) => x.name)).toEqual([
      'IVA A',
      'IVA B',
      'IVA C',
      'IVA D',
      'IVA E',
    ]);
    expect(res.body.data.items[0]).toEqual(taxes[0]);
  });

  it('pages with page and limit, keeping the total', async () => {
    const { token } = await licenseWithTaxes();
    const first = await list(token, { limit: '2' });
    const second = await list(token, { limit: '2', page: '2' });
    const third = await list(token, { limit: '2', page: '3' });
    const beyond = await list(token, { limit: '2', page: '4' });
    expect([first, second, third, beyond].map((p) => p.items.map((x) => x.name))).toEqual([
      ['IVA A', 'IVA B'],
      ['IVA C', 'IVA D'],
      ['IVA E'],
      [],
    ]);
    expect([first, second, third, beyond].map((p) => p.total)).toEqual([5, 5, 5, 5]);
    expect(second).toMatchObject({ page: 2, limit: 2 });
  });

  it('sorts by orders, ascending and descending', async () => {
    const { token } = await licenseWithTaxes();
    const percentages = async (orders: unknown) =>
      (await list(token, { orders: JSON.stringify(orders) })).items.map((x) => x.percentage);
    expect(await percentages({ percentage: 'asc' })).toEqual([0, 4, 5.5, 10, 21]);
    expect(await percentages({ percentage: 'desc' })).toEqual([21, 10, 5.5, 4, 0]);
    const names = (await list(token, { orders: '{"name":"desc"}' })).items.map((x) => x.name);
    expect(names).toEqual(['IVA E', 'IVA D', 'IVA C', 'IVA B', 'IVA A']);
  });

  it('searches the name with query, case-insensitively and literally', async () => {
    const { token } = await licenseWithTaxes();
    await createTax(t, token, { name: 'Recargo 5%_eq', percentage: 1.4 });
    expect((await list(token, { query: 'iva d' })).items.map((x) => x.name)).toEqual(['IVA D']);
    expect((await list(token, { query: 'iva' })).total).toBe(5);
    expect((await list(token, { query: '%' })).items.map((x) => x.name)).toEqual(['Recargo 5%_eq']);
    expect((await list(token, { query: '_' })).items.map((x) => x.name)).toEqual(['Recargo 5%_eq']);
    expect((await list(token, { query: 'nothing like it' })).total).toBe(0);
  });

  it('filters with eq, neq, like, in, nin, gte, lt and isNull', async () => {
    const { token, taxes } = await licenseWithTaxes();
    const names = async (filters: unknown) =>
      (await list(token, { filters: JSON.stringify(filters) })).items.map((x) => x.name);
    expect(await names({ percentage: { eq: 21 } })).toEqual(['IVA D']);
    expect(await names({ percentage: { eq: 5.5 } })).toEqual(['IVA E']);
    expect(await names({ percentage: { neq: 21 } })).toEqual(['IVA A', 'IVA B', 'IVA C', 'IVA E']);
    expect(await names({ name: { like: 'a c' } })).toEqual(['IVA C']);
    expect(await names({ id: { in: [taxes[1]!.id, taxes[3]!.id] } })).toEqual(['IVA B', 'IVA D']);
    expect(await names({ id: { nin: [taxes[1]!.id, taxes[3]!.id] } })).toEqual(['IVA A', 'IVA C', 'IVA E']);
    expect(await names({ percentage: { gte: 5.5 } })).toEqual(['IVA C', 'IVA D', 'IVA E']);
    expect(await names({ percentage: { gte: 4, lt: 10 } })).toEqual(['IVA B', 'IVA E']);
    expect(await names({ createdAt: { gte: '2000-01-01' } })).toHaveLength(5);
    expect(await names({ createdAt: { lt: '2000-01-01T00:00:00Z' } })).toEqual([]);
    expect(await names({ name: { isNull: true } })).toEqual([]);
    const filtered = await list(token, { filters: '{"percentage":{"gte":10}}', limit: '1' });
    expect(filtered.total).toBe(2);
    expect(filtered.items).toHaveLength(1);
  });

  it('refuses unknown fields and operators, bad JSON and out-of-range paging with 400 naming the field', async () => {
    const { token } = await createLicense(t);
    expect(await listFailure(token, { filters: '{"licenseId":{"eq":1}}' })).toEqual(['filters.licenseId']);
    expect(await listFailure(token, { filters: '{"name":{"regex":"a"}}' })).toEqual(['filters.name.regex']);
    expect(await listFailure(token, { filters: '{"id":{"in":3}}' })).toEqual(['filters.id.in']);
    expect(await listFailure(token, { orders: '{"licenseId":"asc"}' })).toEqual(['orders.licenseId']);
    expect(await listFailure(token, { orders: '{"name":"up"}' })).toEqual(['orders.name']);
    expect(await listFailure(token, { filters: '{"name":' })).toEqual(['filters']);
    expect(await listFailure(token, { orders: 'name' })).toEqual(['orders']);
    expect(await listFailure(token, { limit: '501' })).toEqual(['limit']);
    expect(await listFailure(token, { limit: '0' })).toEqual(['limit']);
    expect(await listFailure(token, { page: '0' })).toEqual(['page']);
    expect(await listFailure(token, { page: '201' })).toEqual(['page']);
    // Operands of the wrong type are named down to the operator.
    expect(await listFailure(token, { filters: '{"name":{"eq":3}}' })).toEqual(['filters.name.eq']);
    expect(await listFailure(token, { filters: '{"percentage":{"gte":"ten"}}' })).toEqual([
      'filters.percentage.gte',
    ]);
    expect(await listFailure(token, { filters: '{"createdAt":{"gte":"yesterday"}}' })).toEqual([
      'filters.createdAt.gte',
    ]);
    expect((await list(token, { limit: '500' })).limit).toBe(500);
  });
});

describe('tax input the database cannot hold', () => {
  it('answers 400, never 500, to ids out of range and NUL characters', async () => {
    const { token } = await createLicense(t);
    const tax = await createTax(t, token, { name: 'IVA', percentage: 21 });
    for (const [method, path, payload] of [
      ['GET', `${url}/2147483648`, undefined],
      ['PUT', `${url}/99999999999`, { name: 'IVA', percentage: 21 }],
      ['DELETE', `${url}/99999999999`, undefined],
      ['POST', url, { name: 'IVA\u0000', percentage: 21 }],
      ['PUT', `${url}/${tax.id}`, { name: 'I\u0000VA', percentage: 4 }],
    ] as const) {
      const res = await call(t, method, path, { token, payload });
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body.error.code).toBe(ErrorCode.validation);
    }
    expect(await listFailure(token, { query: 'a\u0000b' })).toEqual(['request']);
    expect(await listFailure(token, { filters: '{"id":{"eq":1.5}}' })).toEqual(['filters.id.eq']);
    expect(await listFailure(token, { filters: '{"id":{"in":[1,99999999999]}}' })).toEqual([
      'filters.id.in.1',
    ]);
    expect((await list(token)).items).toEqual([tax]);
  });
});

describe('tax permissions', () => {
  it('lets any employee read, and only settings_edit write', async () => {
    const owner = await createLicense(t);
    const tax = await createTax(t, owner.token, { name: 'IVA', percentage: 21 });
    const reader = await createEmployee(t, owner.code, owner.token, []);
    expect((await call(t, 'GET', url, { token: reader.token })).body.data.total).toBe(1);
    expect((await call(t, 'GET', `${url}/${tax.id}`, { token: reader.token })).status).toBe(200);
    for (const [method, path, payload] of [
      ['POST', url, { name: 'IVA 2', percentage: 10 }],
      ['PUT', `${url}/${tax.id}`, { name: 'IVA 2', percentage: 10 }],
      ['DELETE', `${url}/${tax.id}`, undefined],
    ] as const) {
      const res = await call(t, method, path, { token: reader.token, payload });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error.code).toBe(ErrorCode.forbidden);
    }
    expect((await list(owner.token)).items).toEqual([tax]);

    // Editing the catalogue is not editing the company's taxes; nor is being allowed to grant settings_edit.
    for (const entries of [
      [{ scope: 'can_do', permission: 'products_edit' }],
      [{ scope: 'can_grant', permission: 'settings_edit' }],
    ] as const) {
      const other = await createEmployee(t, owner.code, owner.token, [...entries]);
      for (const [method, path, payload] of [
        ['POST', url, { name: 'x', percentage: 1 }],
        ['PUT', `${url}/${tax.id}`, { name: 'x', percentage: 1 }],
        ['DELETE', `${url}/${tax.id}`, undefined],
      ] as const) {
        const res = await call(t, method, path, { token: other.token, payload });
        expect(res.status, `${JSON.stringify(entries)} ${method} ${path}`).toBe(403);
      }
    }
    expect((await list(owner.token)).items).toEqual([tax]);

    const editor = await createEmployee(t, owner.code, owner.token, [
      { scope: 'can_do', permission: 'settings_edit' },
    ]);
    const created = await call(t, 'POST', url, {
      token: editor.token,
      payload: { name: 'IVA 10', percentage: 10 },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect(
      (
        await call(t, 'PUT', `${url}/${id}`, {
          token: editor.token,
          payload: { name: 'IVA 4', percentage: 4 },
        })
      ).status,
    ).toBe(200);
    expect((await call(t, 'DELETE', `${url}/${id}`, { token: editor.token })).status).toBe(200);
  });
});

describe('tax tenancy', () => {
  it('never shows or touches another license’s tax', async () => {
    const a = await createLicense(t);
    const b = await createLicense(t);
    const taxOfA = await createTax(t, a.token, { name: 'IVA de A', percentage: 21 });
    const taxOfB = await createTax(t, b.token, { name: 'IVA de B', percentage: 10 });

    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { name: 'stolen', percentage: 0 }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(t, method, `${url}/${taxOfA.id}`, { token: b.token, payload });
      expect(res.status, method).toBe(404);
      expect(res.body.error.code).toBe(ErrorCode.notFound);
    }
    const listB = await list(b.token);
    expect(listB.items).toEqual([taxOfB]);
    expect((await list(b.token, { filters: JSON.stringify({ id: { eq: taxOfA.id } }) })).total).toBe(0);
    expect((await list(b.token, { query: 'IVA de A' })).total).toBe(0);
    expect((await call(t, 'GET', `${url}/${taxOfA.id}`, { token: a.token })).body.data).toEqual(taxOfA);
    expect((await list(a.token)).items).toEqual([taxOfA]);
  });
});
