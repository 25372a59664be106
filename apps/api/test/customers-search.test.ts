import type { CustomerListItem } from '@mostrador/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { company, createCustomer, readList } from './factories.js';
import { buildTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const url = '/v1/admin/customers';

/** The names of the customers a search finds, sorted. */
async function found(token: string, query: string) {
  const list = await readList<CustomerListItem>(t, token, url, { query, limit: '50' });
  return list.items.map((c) => c.contactName).sort();
}

describe('finding customers by phone as people type it', () => {
  let token: string;
  beforeAll(async () => {
    token = (await company(t)).token;
    await createCustomer(t, token, { name: 'Lucía', phone: '+34689921849' });
    await createCustomer(t, token, { name: 'Pedro', phone: '+34912345678' });
    await createCustomer(t, token, { name: 'Claire', phone: '+33612345678' });
    await createCustomer(t, token, { name: 'Sinteléfono', email: 'sin@example.es' });
  });

  it.each([
    '689921849',
    '689 921 849',
    '689-921-849',
    '689.92.18.49',
    '(689) 921 849',
    '+34 689921849',
    '+34 689 92 18 49',
    '+34-689-921-849',
    '0034 689 921 849',
    '0034689921849',
    '34689921849',
  ])('"%s" finds Lucía and no one else', async (query) => {
    expect(await found(token, query)).toEqual(['Lucía']);
  });

  it('a part of the number finds every customer whose number holds it', async () => {
    expect(await found(token, '921 849')).toEqual(['Lucía']);
    expect(await found(token, '12 34 56')).toEqual(['Claire', 'Pedro']);
    expect(await found(token, '+33 6 12')).toEqual(['Claire']);
  });

  it('another country code does not find a Spanish number', async () => {
    expect(await found(token, '+33 689 921 849')).toEqual([]);
  });

  it('text searches still work, and a term with letters is not read as a phone', async () => {
    expect(await found(token, 'lucia')).toEqual(['Lucía']);
    expect(await found(token, 'sin@example')).toEqual(['Sinteléfono']);
    expect(await found(token, '689 921 849 x')).toEqual([]);
  });

  it('the count answers the same matches as the page', async () => {
    const list = await readList<CustomerListItem>(t, token, url, { query: '+34 689 921 849' });
    expect(list.items.map((c) => c.contactName)).toEqual(['Lucía']);
    expect(list.total).toBe(1);
  });

  it("another license's customers are never found", async () => {
    const other = (await company(t)).token;
    await createCustomer(t, other, { name: 'Ajena', phone: '+34689921849' });
    expect(await found(token, '689 921 849')).toEqual(['Lucía']);
    expect(await found(other, '689 921 849')).toEqual(['Ajena']);
  });

  it('the digits column follows the phone when it changes, and is empty without one', async () => {
    const c = await createCustomer(t, token, { name: 'Cambia', phone: '+34611000111' });
    expect(await found(token, '611 000 111')).toEqual(['Cambia']);
    const res = await t.app.inject({
      method: 'PUT',
      url: `${url}/${c.id}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'Cambia', phone: '+34622000222' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await found(token, '611 000 111')).toEqual([]);
    expect(await found(token, '622-000-222')).toEqual(['Cambia']);
    const rows = await t.database.db.execute(
      sql`select phone_digits from customers where name = 'Sinteléfono' or id = ${c.id} order by id`,
    );
    const digits = (rows as unknown as { rows: { phone_digits: string | null }[] }).rows.map(
      (r) => r.phone_digits,
    );
    expect(digits).toEqual([null, '34622000222']);
  });
});
