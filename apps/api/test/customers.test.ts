import { type CustomerBody, type CustomerListItem, ErrorCode } from '@mostrador/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customFields } from '../src/db/schema.js';
import { createCustomer, createFile, readList } from './factories.js';
import {
  buildTestApp,
  call,
  createEmployee,
  createLicense,
  expectError,
  failingFields,
  pngImage,
  type TestApp,
} from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const url = '/v1/admin/customers';

/** Every field of the spec's section 3, with text a Spanish business would store. */
const everyField = {
  name: 'Ana',
  surname: 'García López',
  company: 'Peluquería Ana SL',
  vat: 'B12345678',
  email: 'ana.garcia@example.es',
  phone: '+34600123456',
  birthdate: '1985-03-21',
  gender: 'female',
  street: 'Calle Mayor',
  streetNumber: '12, 3º B',
  city: 'Valencia',
  state: 'València',
  postalCode: '46001',
  country: 'España',
  notes: 'Prefiere las mañanas.\nAlérgica al látex.',
  language: 'ca',
} satisfies CustomerBody;

async function getCustomer(token: string, id: number) {
  const res = await call(t, 'GET', `${url}/${id}`, { token });
  expect(res.status).toBe(200);
  return res.body.data;
}

const list = (token: string, query: Record<string, string> = {}) =>
  readList<CustomerListItem>(t, token, url, query);

const ids = (items: { id: number }[]) => items.map((x) => x.id);

/** The 400's `details[].field`s. */

describe('customer CRUD', () => {
  it('creates a customer with every field and answers them all on GET', async () => {
    const { token } = await createLicense(t);
    const created = await createCustomer(t, token, {
      ...everyField,
      name: '  Ana  ',
      city: ' Valencia ',
      email: 'Ana.Garcia@Example.ES',
    });
    expect(created).toEqual({
      id: expect.any(Number),
      ...everyField,
      image: null,
      customFields: [],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(new Date(created.createdAt as string).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await getCustomer(token, created.id)).toEqual(created);
  });

  it('creates a customer with only a name; the rest is null', async () => {
    const { token } = await createLicense(t);
    const created = await createCustomer(t, token, { name: 'Bea' });
    expect(created).toMatchObject({
      name: 'Bea',
      surname: null,
      company: null,
      vat: null,
      email: null,
      phone: null,
      birthdate: null,
      gender: null,
      street: null,
      streetNumber: null,
      city: null,
      state: null,
      postalCode: null,
      country: null,
      notes: null,
      customFields: [],
    });
    // Empty strings of optional fields are stored as nothing.
    const blanks = await createCustomer(t, token, {
      name: 'Carla',
      surname: '',
      email: '',
      phone: '',
      birthdate: '',
      city: '   ',
    });
    expect(blanks).toMatchObject({ surname: null, email: null, phone: null, birthdate: null, city: null });
  });

  it('replaces every field with PUT', async () => {
    const { token } = await createLicense(t);
    const created = await createCustomer(t, token, everyField);
    const next = {
      name: 'Anabel',
      surname: 'Martí',
      company: 'Estética Martí',
      vat: 'B87654321',
      email: 'anabel@example.es',
      phone: '+34911222333',
      birthdate: '1990-12-01',
      gender: 'none',
      street: 'Avenida del Puerto',
      streetNumber: '3',
      city: 'Alicante',
      state: 'Alicante',
      postalCode: '03001',
      country: 'España',
      notes: 'Cambió de dirección',
    };
    const updated = await call(t, 'PUT', `${url}/${created.id}`, { token, payload: next });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data).toMatchObject({ id: created.id, ...next, createdAt: created.createdAt });
    expect(await getCustomer(token, created.id)).toEqual(updated.body.data);

    // What a PUT leaves out is cleared: the body is the whole customer.
    const cleared = await call(t, 'PUT', `${url}/${created.id}`, {
      token,
      payload: { name: 'Anabel', surname: '', email: null },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({
      name: 'Anabel',
      surname: null,
      email: null,
      phone: null,
      birthdate: null,
      gender: null,
      city: null,
    });
  });

  it('deletes a customer', async () => {
    const { token } = await createLicense(t);
    const kept = await createCustomer(t, token, { name: 'Kept' });
    const created = await createCustomer(t, token, { name: 'Gone', email: 'gone@example.es' });
    const removed = await call(t, 'DELETE', `${url}/${created.id}`, { token });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ data: { ok: true } });
    expectError(await call(t, 'GET', `${url}/${created.id}`, { token }), 404, ErrorCode.notFound);
    expectError(await call(t, 'DELETE', `${url}/${created.id}`, { token }), 404, ErrorCode.notFound);
    expectError(
      await call(t, 'PUT', `${url}/${created.id}`, { token, payload: { name: 'Back' } }),
      404,
      ErrorCode.notFound,
    );
    expect(ids((await list(token)).items)).toEqual([kept.id]);
    // Its email is free again.
    await createCustomer(t, token, { name: 'Again', email: 'gone@example.es' });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const { token } = await createLicense(t);
    expectError(await call(t, 'GET', `${url}/999999`, { token }), 404, ErrorCode.notFound);
    expectError(
      await call(t, 'PUT', `${url}/999999`, { token, payload: { name: 'x' } }),
      404,
      ErrorCode.notFound,
    );
    expectError(await call(t, 'DELETE', `${url}/999999`, { token }), 404, ErrorCode.notFound);
    expect(failingFields(await call(t, 'GET', `${url}/abc`, { token }))).toEqual(['id']);
    expect(failingFields(await call(t, 'GET', `${url}/0`, { token }))).toEqual(['id']);
  });

  it('needs a session', async () => {
    expectError(await call(t, 'GET', url), 401, ErrorCode.unauthenticated);
    expectError(await call(t, 'POST', url, { payload: { name: 'x' } }), 401, ErrorCode.unauthenticated);
    expectError(await call(t, 'GET', `${url}/1`, { token: 'not-a-token' }), 401, ErrorCode.unauthenticated);
  });
});

describe('customer validation', () => {
  it('takes a phone as + and 11 digits, and names phone otherwise', async () => {
    const { token } = await createLicense(t);
    expect((await createCustomer(t, token, { name: 'Ok', phone: '+34600123456' })).phone).toBe(
      '+34600123456',
    );
    expect((await createCustomer(t, token, { name: 'Ok', phone: ' +39012345678 ' })).phone).toBe(
      '+39012345678',
    );
    for (const phone of [
      '600123456',
      '+3460012345',
      '+346001234567',
      '+34 600 123 456',
      '34600123456',
      '+34-600-123-45',
      '+3460012345a',
      '++4600123456',
    ]) {
      const res = await call(t, 'POST', url, { token, payload: { name: 'Bad', phone } });
      expect(failingFields(res), phone).toEqual(['phone']);
    }
    expect((await list(token)).total).toBe(2);
  });

  it('refuses an invalid email naming email', async () => {
    const { token } = await createLicense(t);
    for (const email of ['not-an-email', 'ana@', '@example.es', 'ana garcia@example.es', 'ana@@example.es']) {
      const res = await call(t, 'POST', url, { token, payload: { name: 'Bad', email } });
      expect(failingFields(res), email).toEqual(['email']);
    }
    expect((await list(token)).total).toBe(0);
  });

  it('refuses an impossible birthdate and an unknown gender', async () => {
    const { token } = await createLicense(t);
    for (const birthdate of [
      '2026-02-30',
      '2025-02-29',
      '2026-13-01',
      '2026-04-31',
      '21/03/1985',
      '1985-3-21',
    ]) {
      const res = await call(t, 'POST', url, { token, payload: { name: 'Bad', birthdate } });
      expect([...new Set(failingFields(res))], birthdate).toEqual(['birthdate']);
    }
    expect((await createCustomer(t, token, { name: 'Leap', birthdate: '2024-02-29' })).birthdate).toBe(
      '2024-02-29',
    );

    for (const gender of ['other', 'MALE', '', 'f']) {
      const res = await call(t, 'POST', url, { token, payload: { name: 'Bad', gender } });
      expect(failingFields(res), gender).toEqual(['gender']);
    }
    for (const gender of ['male', 'female', 'none', null] as const) {
      expect((await createCustomer(t, token, { name: 'G', gender })).gender).toBe(gender);
    }
    expect((await list(token)).total).toBe(5);
  });

  it('needs a name and bounds the texts', async () => {
    const { token } = await createLicense(t);
    expect(failingFields(await call(t, 'POST', url, { token, payload: {} }))).toEqual(['name']);
    expect(failingFields(await call(t, 'POST', url, { token, payload: { name: '   ' } }))).toEqual(['name']);
    expect(failingFields(await call(t, 'POST', url, { token, payload: { name: 'x'.repeat(121) } }))).toEqual([
      'name',
    ]);
    expect(
      failingFields(await call(t, 'POST', url, { token, payload: { name: 'x', notes: 'n'.repeat(4001) } })),
    ).toEqual(['notes']);
    expect((await list(token)).total).toBe(0);
  });

  it('validates a PUT the same way and leaves the customer unchanged', async () => {
    const { token } = await createLicense(t);
    const created = await createCustomer(t, token, everyField);
    for (const [payload, field] of [
      [{ ...everyField, phone: '600123456' }, 'phone'],
      [{ ...everyField, email: 'nope' }, 'email'],
      [{ ...everyField, birthdate: '2026-02-30' }, 'birthdate'],
      [{ ...everyField, gender: 'other' }, 'gender'],
      [{ ...everyField, name: '' }, 'name'],
    ] as const) {
      const res = await call(t, 'PUT', `${url}/${created.id}`, { token, payload });
      expect(failingFields(res), field).toEqual([field]);
    }
    expect(await getCustomer(token, created.id)).toEqual(created);
  });
});

describe('customer image', () => {
  it('takes only an image file of the company itself, else 400 naming image', async () => {
    const mine = await createLicense(t);
    const theirs = await createLicense(t);
    const theirImage = (await createFile(t, theirs.token, await pngImage(8, 8), 'theirs.png', 'image')).id;
    const pdf = (await createFile(t, mine.token, Buffer.from('%PDF-1.4\n%%EOF\n'), 'ficha.pdf')).id;
    for (const [image, message] of [
      [theirImage, 'unknown file'],
      [999999, 'unknown file'],
      [pdf, 'file is not an image'],
    ] as const) {
      const res = await call(t, 'POST', url, { token: mine.token, payload: { name: 'Ana', image } });
      expect(failingFields(res)).toEqual(['image']);
      expect(res.body.error.details[0].message).toBe(message);
    }
    expect((await call(t, 'GET', url, { token: mine.token })).body.data.total).toBe(0);

    const mineImage = (await createFile(t, mine.token, await pngImage(8, 8), 'ana.png', 'image')).id;
    const created = await createCustomer(t, mine.token, { name: 'Ana', image: mineImage });
    expect(created.image).toBe(mineImage);
    const res = await call(t, 'PUT', `${url}/${created.id}`, {
      token: mine.token,
      payload: { name: 'Ana', image: theirImage },
    });
    expect(failingFields(res)).toEqual(['image']);
    expect((await getCustomer(mine.token, created.id)).image).toBe(mineImage);
  });
});

describe('customer email uniqueness (1000011)', () => {
  it('refuses an email already used in the license, in any letter case, on create', async () => {
    const { token } = await createLicense(t);
    const first = await createCustomer(t, token, { name: 'Ana', email: 'ana@example.es' });
    for (const email of ['ana@example.es', 'ANA@EXAMPLE.ES', '  Ana@Example.es ']) {
      const res = await call(t, 'POST', url, { token, payload: { name: 'Copy', email } });
      expectError(res, 409, ErrorCode.customerEmailExists);
      expect(res.body.error.details).toEqual([{ field: 'email', message: expect.any(String) }]);
    }
    expect(ids((await list(token)).items)).toEqual([first.id]);
    // Customers without an email do not collide.
    await createCustomer(t, token, { name: 'No email 1' });
    await createCustomer(t, token, { name: 'No email 2', email: '' });
    expect((await list(token)).total).toBe(3);
  });

  it('refuses an email of another customer on update, and keeps the customer', async () => {
    const { token } = await createLicense(t);
    await createCustomer(t, token, { name: 'Ana', email: 'ana@example.es' });
    const bea = await createCustomer(t, token, { name: 'Bea', email: 'bea@example.es' });
    const res = await call(t, 'PUT', `${url}/${bea.id}`, {
      token,
      payload: { name: 'Bea', email: 'Ana@Example.ES' },
    });
    expectError(res, 409, ErrorCode.customerEmailExists);
    expect(res.body.error.details[0].field).toBe('email');
    expect(await getCustomer(token, bea.id)).toEqual(bea);
    // Keeping one's own email, in another case, is no conflict.
    const same = await call(t, 'PUT', `${url}/${bea.id}`, {
      token,
      payload: { name: 'Beatriz', email: 'BEA@example.es' },
    });
    expect(same.status).toBe(200);
    expect(same.body.data).toMatchObject({ name: 'Beatriz', email: 'bea@example.es' });
  });

  it('lets another license use the same email', async () => {
    const a = await createLicense(t);
    const b = await createLicense(t);
    await createCustomer(t, a.token, { name: 'Ana', email: 'shared@example.es' });
    const inB = await createCustomer(t, b.token, { name: 'Ana B', email: 'SHARED@example.es' });
    expect(inB.email).toBe('shared@example.es');
    const other = await createCustomer(t, b.token, { name: 'Other' });
    const res = await call(t, 'PUT', `${url}/${other.id}`, {
      token: a.token,
      payload: { name: 'x', email: 'shared@example.es' },
    });
    expect(res.status).toBe(404);
  });

  it('lets exactly one of two simultaneous creates with the same email through', async () => {
    const { token } = await createLicense(t);
    const results = await Promise.all([
      call(t, 'POST', url, { token, payload: { name: 'Race 1', email: 'race@example.es' } }),
      call(t, 'POST', url, { token, payload: { name: 'Race 2', email: 'RACE@example.es' } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const refused = results.find((r) => r.status === 409)!;
    expect(refused.body.error.code).toBe(ErrorCode.customerEmailExists);
    const listed = await list(token, {
      filters: JSON.stringify({ contactEmail: { eq: 'race@example.es' } }),
    });
    expect(listed.total).toBe(1);
  });

  it('lets exactly one of two simultaneous updates to the same email through', async () => {
    const { token } = await createLicense(t);
    const one = await createCustomer(t, token, { name: 'One' });
    const two = await createCustomer(t, token, { name: 'Two' });
    const results = await Promise.all(
      [one, two].map((c) =>
        call(t, 'PUT', `${url}/${c.id}`, { token, payload: { name: `${c.name}`, email: 'both@example.es' } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.error.code).toBe(ErrorCode.customerEmailExists);
    const listed = await list(token, {
      filters: JSON.stringify({ contactEmail: { eq: 'both@example.es' } }),
    });
    expect(listed.total).toBe(1);
  });
});

describe('customer list', () => {
  it('answers the spec’s list names, newest data, with page, limit and total', async () => {
    const { token } = await createLicense(t);
    const created = await createCustomer(t, token, everyField);
    const res = await call(t, 'GET', url, { token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(['items', 'limit', 'page', 'total']);
    expect(res.body.data).toMatchObject({ total: 1, page: 1, limit: 50 });
    const [item] = res.body.data.items;
    expect(Object.keys(item).sort()).toEqual(
      [
        'id',
        'companyName',
        'vat',
        'contactName',
        'contactSurname',
        'contactEmail',
        'contactPhone',
        'image',
        'notes',
        'city',
        'customFields',
        'createdAt',
      ].sort(),
    );
    expect(item).toEqual({
      id: created.id,
      companyName: everyField.company,
      vat: everyField.vat,
      contactName: everyField.name,
      contactSurname: everyField.surname,
      contactEmail: everyField.email,
      contactPhone: everyField.phone,
      image: null,
      notes: everyField.notes,
      city: everyField.city,
      customFields: [],
      createdAt: created.createdAt,
    });
  });

  it('sorts by contactName ascending by default, id breaking ties', async () => {
    const { token } = await createLicense(t);
    const made: Record<string, number[]> = {};
    for (const name of ['Carmen', 'Ana', 'Bea', 'Ana', 'Ana', 'Bea']) {
      const c = await createCustomer(t, token, { name });
      made[name] = [...(made[name] ?? []), c.id];
    }
    const expected = [...made.Ana!, ...made.Bea!, ...made.Carmen!];
    expect(ids((await list(token)).items)).toEqual(expected);
    // The explicit sort, and its reverse with the ids reversed too.
    expect(ids((await list(token, { orders: '{"contactName":"asc"}' })).items)).toEqual(expected);
    expect(ids((await list(token, { orders: '{"contactName":"desc"}' })).items)).toEqual(
      [...expected].reverse(),
    );
    // Pages cut the same order without repeating or losing a row.
    const pages = [];
    for (let page = 1; page <= 3; page++) {
      pages.push(...ids((await list(token, { limit: '2', page: String(page) })).items));
    }
    expect(pages).toEqual(expected);
  });

  it('orders by the other list fields, ascending and descending, and by several', async () => {
    const { token } = await createLicense(t);
    const c1 = await createCustomer(t, token, {
      name: 'Ana',
      surname: 'Zapata',
      company: 'Beta',
      vat: 'B3',
      email: 'c@example.es',
      phone: '+34600000002',
      notes: 'b',
    });
    const c2 = await createCustomer(t, token, {
      name: 'Bea',
      surname: 'Alonso',
      company: 'Alfa',
      vat: 'B1',
      email: 'a@example.es',
      phone: '+34600000003',
      notes: 'c',
    });
    const c3 = await createCustomer(t, token, {
      name: 'Carla',
      surname: 'Martín',
      company: 'Beta',
      vat: 'B2',
      email: 'b@example.es',
      phone: '+34600000001',
      notes: 'a',
    });
    const order = async (orders: Record<string, string>) =>
      ids((await list(token, { orders: JSON.stringify(orders) })).items);
    expect(await order({ companyName: 'asc' })).toEqual([c2.id, c1.id, c3.id]);
    expect(await order({ companyName: 'desc' })).toEqual([c3.id, c1.id, c2.id]);
    expect(await order({ companyName: 'asc', contactName: 'desc' })).toEqual([c2.id, c3.id, c1.id]);
    expect(await order({ contactSurname: 'asc' })).toEqual([c2.id, c3.id, c1.id]);
    expect(await order({ contactEmail: 'asc' })).toEqual([c2.id, c3.id, c1.id]);
    expect(await order({ contactPhone: 'desc' })).toEqual([c2.id, c1.id, c3.id]);
    expect(await order({ vat: 'asc' })).toEqual([c2.id, c3.id, c1.id]);
    expect(await order({ notes: 'asc' })).toEqual([c3.id, c1.id, c2.id]);
    expect(await order({ createdAt: 'desc' })).toEqual([c3.id, c2.id, c1.id]);
    expect(await order({ createdAt: 'asc' })).toEqual([c1.id, c2.id, c3.id]);
    expect(await order({ id: 'desc' })).toEqual([c3.id, c2.id, c1.id]);
  });

  it('finds by part of name, surname, company, VAT, email and phone with query', async () => {
    const { token } = await createLicense(t);
    const ana = await createCustomer(t, token, everyField);
    const bea = await createCustomer(t, token, {
      name: 'Beatriz',
      surname: 'Ñúñez',
      company: 'Taller Óscar',
      vat: 'X7654321Z',
      email: 'bea.nunez@correo.es',
      phone: '+39055123456',
    });
    const other = await createCustomer(t, token, { name: 'Zoe', surname: 'Pérez', company: '50%_off' });
    const found = async (query: string) => ids((await list(token, { query })).items);
    expect(await found('an')).toEqual([ana.id]); // part of the name (and of the surname)
    expect(await found('lópez')).toEqual([ana.id]); // surname, with its accent as typed
    expect(await found('LÓPEZ')).toEqual([ana.id]); // case-insensitive, accents included
    expect(await found('garcia lopez')).toEqual([ana.id]); // without the accents staff skip when typing fast
    expect(await found('GARCÍA LÓP')).toEqual([ana.id]); // across name parts as stored
    expect(await found('peluquer')).toEqual([ana.id]); // company
    expect(await found('taller ós')).toEqual([bea.id]);
    expect(await found('ÑÚÑ')).toEqual([bea.id]);
    expect(await found('nun')).toEqual([bea.id]);
    expect(await found('b1234')).toEqual([ana.id]); // VAT
    expect(await found('7654321z')).toEqual([bea.id]);
    expect(await found('@correo')).toEqual([bea.id]); // email
    expect(await found('ANA.GARCIA@')).toEqual([ana.id]);
    expect(await found('600123')).toEqual([ana.id]); // phone
    expect(await found('+39')).toEqual([bea.id]);
    expect(await found('e')).toEqual([ana.id, bea.id, other.id]);
    expect(await found('nothing like it')).toEqual([]);
    // % and _ are literal characters, not wildcards.
    expect(await found('%')).toEqual([other.id]);
    expect(await found('_')).toEqual([other.id]);
    expect(await found('50%_')).toEqual([other.id]);
    expect(await found('a%a')).toEqual([]);
    // The query combines with the total, filters and paging.
    const page = await list(token, { query: 'e', limit: '1', page: '2' });
    expect(page).toMatchObject({ total: 3, page: 2, limit: 1 });
    expect(ids(page.items)).toEqual([bea.id]);
    const filtered = await list(token, {
      query: 'e',
      filters: JSON.stringify({ companyName: { isNull: false } }),
    });
    expect(ids(filtered.items)).toEqual([ana.id, bea.id, other.id]);
  });

  it('filters by list fields and by the customer’s own fields', async () => {
    const { token } = await createLicense(t);
    const ana = await createCustomer(t, token, { ...everyField });
    const bea = await createCustomer(t, token, {
      name: 'Bea',
      company: 'Alfa',
      email: 'bea@example.es',
      city: 'Madrid',
      gender: 'female',
      birthdate: '1992-07-01',
    });
    const carlos = await createCustomer(t, token, { name: 'Carlos', city: 'Valencia', gender: 'male' });
    const found = async (filters: unknown) =>
      ids((await list(token, { filters: JSON.stringify(filters) })).items);
    expect(await found({ contactName: { eq: 'Bea' } })).toEqual([bea.id]);
    expect(await found({ contactName: { neq: 'Bea' } })).toEqual([ana.id, carlos.id]);
    expect(await found({ contactEmail: { eq: everyField.email } })).toEqual([ana.id]);
    expect(await found({ companyName: { like: 'peluq' } })).toEqual([ana.id]);
    expect(await found({ companyName: { isNull: true } })).toEqual([carlos.id]);
    expect(await found({ contactPhone: { isNull: false } })).toEqual([ana.id]);
    expect(await found({ id: { in: [ana.id, carlos.id] } })).toEqual([ana.id, carlos.id]);
    expect(await found({ id: { nin: [ana.id] } })).toEqual([bea.id, carlos.id]);
    expect(await found({ vat: { eq: everyField.vat } })).toEqual([ana.id]);
    expect(await found({ createdAt: { gte: '2000-01-01' } })).toEqual([ana.id, bea.id, carlos.id]);
    expect(await found({ createdAt: { lt: '2000-01-01T00:00:00Z' } })).toEqual([]);
    // The record's own fields (contract §2), e.g. a city or a gender.
    expect(await found({ city: { eq: 'Valencia' } })).toEqual([ana.id, carlos.id]);
    expect(await found({ gender: { eq: 'female' } })).toEqual([ana.id, bea.id]);
    expect(await found({ city: { eq: 'Valencia' }, gender: { eq: 'male' } })).toEqual([carlos.id]);
    expect(await found({ birthdate: { gte: '1990-01-01' } })).toEqual([bea.id]);
    expect(await found({ birthdate: { eq: '1985-03-21' } })).toEqual([ana.id]);
    expect(await found({ birthdate: { isNull: true } })).toEqual([carlos.id]);
    expect(ids((await list(token, { orders: '{"birthdate":"desc"}' })).items)).toEqual([
      carlos.id,
      bea.id,
      ana.id,
    ]);
    expect(await found({ postalCode: { like: '460' } })).toEqual([ana.id]);
    const filtered = await list(token, { filters: JSON.stringify({ city: { eq: 'Valencia' } }), limit: '1' });
    expect(filtered.total).toBe(2);
    expect(filtered.items).toHaveLength(1);
  });

  it('refuses unknown fields, operators and bad operands with 400 naming them', async () => {
    const { token } = await createLicense(t);
    const fields = async (query: Record<string, string>) =>
      failingFields(await call(t, 'GET', url, { token, query }));
    expect(await fields({ filters: '{"licenseId":{"eq":1}}' })).toEqual(['filters.licenseId']);
    expect(await fields({ filters: '{"searchText":{"like":"a"}}' })).toEqual(['filters.searchText']);
    expect(await fields({ filters: '{"contactName":{"regex":"a"}}' })).toEqual(['filters.contactName.regex']);
    expect(await fields({ filters: '{"id":{"eq":"one"}}' })).toEqual(['filters.id.eq']);
    expect(await fields({ filters: '{"birthdate":{"gte":"2026-02-30"}}' })).toEqual([
      'filters.birthdate.gte',
    ]);
    expect(await fields({ filters: '{"birthdate":{"in":["1990-01-01","soon"]}}' })).toEqual([
      'filters.birthdate.in.1',
    ]);
    expect(await fields({ orders: '{"licenseId":"asc"}' })).toEqual(['orders.licenseId']);
    expect(await fields({ orders: '{"contactName":"up"}' })).toEqual(['orders.contactName']);
    expect(await fields({ filters: 'not json' })).toEqual(['filters']);
    expect(await fields({ limit: '501' })).toEqual(['limit']);
    expect(await fields({ limit: '0' })).toEqual(['limit']);
    expect(await fields({ page: '0' })).toEqual(['page']);
  });

  it('pages with page and limit and keeps the total', async () => {
    const { token } = await createLicense(t);
    const made = [];
    for (let i = 0; i < 7; i++) made.push((await createCustomer(t, token, { name: `Cliente ${i}` })).id);
    const first = await list(token, { limit: '3' });
    const second = await list(token, { limit: '3', page: '2' });
    const third = await list(token, { limit: '3', page: '3' });
    const beyond = await list(token, { limit: '3', page: '4' });
    expect([first, second, third, beyond].map((p) => ids(p.items))).toEqual([
      made.slice(0, 3),
      made.slice(3, 6),
      made.slice(6),
      [],
    ]);
    expect([first, second, third, beyond].map((p) => p.total)).toEqual([7, 7, 7, 7]);
    expect(second).toMatchObject({ page: 2, limit: 3 });
    const all = await list(token, { limit: '500' });
    expect(all).toMatchObject({ total: 7, limit: 500 });
    expect(all).not.toHaveProperty('totalCapped');
  });
});

describe('customer custom fields', () => {
  async function customField(licenseId: number, entity: string, name: string, position = 0) {
    const [row] = await t.database.db
      .insert(customFields)
      .values({ licenseId, entity, name, position })
      .returning();
    return row!.id;
  }

  it('saves custom field values and answers them on GET; PUT replaces them', async () => {
    const { token, license } = await createLicense(t);
    const stylist = await customField(license.id, 'customer', 'Estilista preferida', 1);
    const source = await customField(license.id, 'customer', 'Cómo nos conoció', 2);
    const created = await createCustomer(t, token, {
      name: 'Ana',
      customFields: [
        { customFieldId: source, value: 'Instagram' },
        { customFieldId: stylist, value: 'Marta' },
      ],
    });
    const expected = [
      { customFieldId: stylist, value: 'Marta' },
      { customFieldId: source, value: 'Instagram' },
    ];
    expect(created.customFields).toEqual(expected);
    expect((await getCustomer(token, created.id)).customFields).toEqual(expected);

    // A PUT without customFields leaves them; with them, replaces them.
    const renamed = await call(t, 'PUT', `${url}/${created.id}`, { token, payload: { name: 'Ana María' } });
    expect(renamed.body.data.customFields).toEqual(expected);
    const replaced = await call(t, 'PUT', `${url}/${created.id}`, {
      token,
      payload: { name: 'Ana María', customFields: [{ customFieldId: stylist, value: null }] },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data.customFields).toEqual([{ customFieldId: stylist, value: null }]);
    const emptied = await call(t, 'PUT', `${url}/${created.id}`, {
      token,
      payload: { name: 'Ana María', customFields: [] },
    });
    expect(emptied.body.data.customFields).toEqual([]);
    expect((await getCustomer(token, created.id)).customFields).toEqual([]);
  });

  it('lists each customer with its custom field values, empty ones left out', async () => {
    const { token, license } = await createLicense(t);
    const stylist = await customField(license.id, 'customer', 'Estilista preferida', 1);
    const source = await customField(license.id, 'customer', 'Cómo nos conoció', 2);
    const ana = await createCustomer(t, token, {
      name: 'Ana',
      customFields: [
        { customFieldId: source, value: 'Instagram' },
        { customFieldId: stylist, value: 'Marta' },
      ],
    });
    const eva = await createCustomer(t, token, {
      name: 'Eva',
      customFields: [{ customFieldId: stylist, value: null }],
    });
    const bea = await createCustomer(t, token, { name: 'Bea' });
    const res = await call(t, 'GET', url, { token });
    expect(
      res.body.data.items.map((i: { id: number; customFields: unknown }) => [i.id, i.customFields]),
    ).toEqual([
      [
        ana.id,
        [
          { customFieldId: stylist, value: 'Marta' },
          { customFieldId: source, value: 'Instagram' },
        ],
      ],
      [bea.id, []],
      [eva.id, []],
    ]);
  });

  it('refuses a custom field of another license, of another entity, unknown or repeated', async () => {
    const mine = await createLicense(t);
    const theirs = await createLicense(t);
    const own = await customField(mine.license.id, 'customer', 'Propio');
    const foreign = await customField(theirs.license.id, 'customer', 'Ajeno');
    const product = await customField(mine.license.id, 'product', 'Color');
    for (const [customFieldId, field] of [
      [foreign, `customFields.${foreign}`],
      [product, `customFields.${product}`],
      [999999, 'customFields.999999'],
    ] as const) {
      const res = await call(t, 'POST', url, {
        token: mine.token,
        payload: { name: 'Bad', customFields: [{ customFieldId, value: 'x' }] },
      });
      expect(failingFields(res)).toEqual([field]);
    }
    const repeated = await call(t, 'POST', url, {
      token: mine.token,
      payload: {
        name: 'Twice',
        customFields: [
          { customFieldId: own, value: 'a' },
          { customFieldId: own, value: 'b' },
        ],
      },
    });
    expect(failingFields(repeated)).toEqual(['customFields']);
    expect((await list(mine.token)).total).toBe(0);

    const created = await createCustomer(t, mine.token, {
      name: 'Good',
      customFields: [{ customFieldId: own, value: 'kept' }],
    });
    const res = await call(t, 'PUT', `${url}/${created.id}`, {
      token: mine.token,
      payload: { name: 'Changed', customFields: [{ customFieldId: foreign, value: 'x' }] },
    });
    expect(failingFields(res)).toEqual([`customFields.${foreign}`]);
    expect(await getCustomer(mine.token, created.id)).toEqual(created);
  });

  it('refuses a value that does not read as its field’s type: a number, a day, yes/no, an option', async () => {
    const { token, license } = await createLicense(t);
    const typed = async (name: string, type: string, options: string[] = []) => {
      const [row] = await t.database.db
        .insert(customFields)
        .values({ licenseId: license.id, entity: 'customer', name, type, options })
        .returning();
      return row!.id;
    };
    const shoe = await typed('Talla', 'number');
    const since = await typed('Cliente desde', 'date');
    const vip = await typed('VIP', 'boolean');
    const stylist = await typed('Estilista', 'select', ['Ana', 'Eva']);
    const bad = await call(t, 'POST', url, {
      token,
      payload: {
        name: 'Mal',
        customFields: [
          { customFieldId: shoe, value: 'treinta y ocho' },
          { customFieldId: since, value: '2026-02-31' },
          { customFieldId: vip, value: 'quizá' },
          { customFieldId: stylist, value: 'Marta' },
        ],
      },
    });
    expectError(bad, 400, ErrorCode.validation);
    expect(failingFields(bad).sort()).toEqual(
      [shoe, since, vip, stylist].map((id) => `customFields.${id}`).sort(),
    );
    expect((await list(token)).total).toBe(0);

    const good = await createCustomer(t, token, {
      name: 'Bien',
      customFields: [
        { customFieldId: shoe, value: '38.5' },
        { customFieldId: since, value: '2024-02-29' },
        { customFieldId: vip, value: 'true' },
        { customFieldId: stylist, value: 'Eva' },
      ],
    });
    expect(good.customFields).toHaveLength(4);
  });
});

describe('customer permissions', () => {
  const can = (permission: string) => ({ scope: 'can_do' as const, permission });
  const all = ['customers_find', 'customers_create', 'customers_edit', 'customers_delete'];

  it('needs customers_find, _create, _edit and _delete, and changes nothing when refused', async () => {
    const owner = await createLicense(t);
    const customer = await createCustomer(t, owner.token, { ...everyField });
    const without = async (missing: string) =>
      (await createEmployee(t, owner.code, owner.token, all.filter((p) => p !== missing).map(can))).token;
    const put = { ...everyField, name: 'Changed' };

    const noFind = await without('customers_find');
    expectError(await call(t, 'GET', url, { token: noFind }), 403, ErrorCode.forbidden);
    expectError(await call(t, 'GET', `${url}/${customer.id}`, { token: noFind }), 403, ErrorCode.forbidden);

    const noCreate = await without('customers_create');
    expectError(
      await call(t, 'POST', url, { token: noCreate, payload: { name: 'New' } }),
      403,
      ErrorCode.forbidden,
    );
    expect((await list(owner.token)).total).toBe(1);

    const noEdit = await without('customers_edit');
    expectError(
      await call(t, 'PUT', `${url}/${customer.id}`, { token: noEdit, payload: put }),
      403,
      ErrorCode.forbidden,
    );
    expect(await getCustomer(owner.token, customer.id)).toEqual(customer);

    const noDelete = await without('customers_delete');
    expectError(
      await call(t, 'DELETE', `${url}/${customer.id}`, { token: noDelete }),
      403,
      ErrorCode.forbidden,
    );
    expect(await getCustomer(owner.token, customer.id)).toEqual(customer);

    // can_grant alone is not can_do.
    const grantOnly = await createEmployee(t, owner.code, owner.token, [
      { scope: 'can_grant', permission: 'customers_find' },
    ]);
    expectError(await call(t, 'GET', url, { token: grantOnly.token }), 403, ErrorCode.forbidden);

    // Each permission alone allows its action.
    const only = async (permission: string) =>
      (await createEmployee(t, owner.code, owner.token, [can(permission)])).token;
    const finder = await only('customers_find');
    expect((await call(t, 'GET', url, { token: finder })).status).toBe(200);
    expect((await call(t, 'GET', `${url}/${customer.id}`, { token: finder })).status).toBe(200);
    const creator = await only('customers_create');
    const made = await call(t, 'POST', url, { token: creator, payload: { name: 'By the creator' } });
    expect(made.status).toBe(201);
    const editor = await only('customers_edit');
    const edited = await call(t, 'PUT', `${url}/${customer.id}`, { token: editor, payload: put });
    expect(edited.status).toBe(200);
    expect(edited.body.data.name).toBe('Changed');
    const deleter = await only('customers_delete');
    expect((await call(t, 'DELETE', `${url}/${made.body.data.id}`, { token: deleter })).status).toBe(200);
    expect(ids((await list(owner.token)).items)).toEqual([customer.id]);
  });
});

describe('search over many matches', () => {
  it('pages and sorts alike whether the matches are few (sorted after) or many (index walk)', async () => {
    const { token, license } = await createLicense(t);
    // 2,500 matches of "Roca", beyond the few-matches path, and 30 "Ruiz" among them by name.
    await t.database.db.execute(sql`
      insert into customers (license_id, name, surname)
      select ${license.id}, 'Cliente ' || lpad(i::text, 5, '0'), case when i % 100 = 0 then 'Ruiz' else 'Roca' end
      from generate_series(1, 3000) as i`);
    const many = await list(token, { query: 'roca', limit: '20', page: '3' });
    expect(many.total).toBe(2970);
    const names = many.items.map((c: { contactName: string }) => c.contactName);
    expect(names).toEqual([...names].sort());
    expect(names[0]).toBe('Cliente 00041');

    const few = await list(token, { query: 'ruiz', limit: '10', orders: '{"contactName":"desc"}' });
    expect(few.total).toBe(30);
    expect(few.items.map((c: { contactName: string }) => c.contactName)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Cliente ${String(3000 - i * 100).padStart(5, '0')}`),
    );
    const filtered = await list(token, { query: 'ruiz', filters: '{"contactName":{"like":"015"}}' });
    expect(filtered.items.map((c: { contactName: string }) => c.contactName)).toEqual(['Cliente 01500']);
  });
});
