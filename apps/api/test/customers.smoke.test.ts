import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, call, createLicense, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

it('smoke', async () => {
  const { token } = await createLicense(t);
  const c = await call(t, 'POST', '/v1/admin/customers', {
    token,
    payload: { name: 'Ana', surname: 'García', email: 'ana@x.es', phone: '+34600123456' },
  });
  expect(c.status).toBe(201);
  const l = await call(t, 'GET', '/v1/admin/customers', { token, query: { query: 'garc' } });
  expect(l.body.data.items[0].contactName).toBe('Ana');
  const d = await call(t, 'POST', '/v1/admin/customers', {
    token,
    payload: { name: 'Bea', email: 'ANA@x.es' },
  });
  expect(d.status).toBe(409);
  const p = await call(t, 'POST', '/v1/admin/customers', {
    token,
    payload: { name: 'Bea', phone: '600123456' },
  });
  expect(p.status).toBe(400);
  expect(p.body.error.details[0].field).toBe('phone');
});
