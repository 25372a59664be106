import { ErrorCode } from '@mostrador/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customFields } from '../src/db/schema.js';
import { createCustomer } from './factories.js';
import {
  buildTestApp,
  call,
  createEmployee,
  createLicense,
  expectError,
  failingFields,
  type TestApp,
} from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const url = '/v1/admin/customFields';

async function customField(
  licenseId: number,
  values: { entity: string; name: string; position?: number; type?: string; options?: string[] },
) {
  const [row] = await t.database.db
    .insert(customFields)
    .values({ licenseId, ...values })
    .returning();
  return row!.id;
}

describe('custom fields', () => {
  it('answers the company’s own fields by entity, position and id, to any employee', async () => {
    const { token, license } = await createLicense(t);
    const other = await createLicense(t);
    const color = await customField(license.id, { entity: 'product', name: 'Color', position: 0 });
    const source = await customField(license.id, {
      entity: 'customer',
      name: 'Cómo nos conoció',
      position: 2,
    });
    const stylist = await customField(license.id, {
      entity: 'customer',
      name: 'Estilista',
      position: 1,
      type: 'select',
      options: ['Ana', 'Eva'],
    });
    await customField(other.license.id, { entity: 'customer', name: 'Ajeno' });

    const res = await call(t, 'GET', url, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.items).toEqual([
      {
        id: stylist,
        entity: 'customer',
        name: 'Estilista',
        type: 'select',
        options: ['Ana', 'Eva'],
        required: false,
        position: 1,
      },
      {
        id: source,
        entity: 'customer',
        name: 'Cómo nos conoció',
        type: 'text',
        options: [],
        required: false,
        position: 2,
      },
      {
        id: color,
        entity: 'product',
        name: 'Color',
        type: 'text',
        options: [],
        required: false,
        position: 0,
      },
    ]);
    expect(
      (await call(t, 'GET', url, { token: other.token })).body.data.items.map(
        (f: { name: string }) => f.name,
      ),
    ).toEqual(['Ajeno']);
    expectError(await call(t, 'GET', url), 401, ErrorCode.unauthenticated);
  });
});

type Field = { id: number; name: string; position: number; type: string; options: string[] };

async function define(token: string, payload: Record<string, unknown>) {
  return call(t, 'POST', url, { token, payload: { entity: 'customer', type: 'text', ...payload } });
}

async function namesOf(token: string, entity = 'customer') {
  const res = await call(t, 'GET', url, { token });
  return (res.body.data.items as (Field & { entity: string })[])
    .filter((f) => f.entity === entity)
    .map((f) => `${f.position}:${f.name}`);
}

describe('defining custom fields', () => {
  it('creates fields last of their entity, renames, reorders and removes them', async () => {
    const { token } = await createLicense(t);
    const first = await define(token, { name: '  Cómo nos conoció  ' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data).toEqual({
      id: expect.any(Number),
      entity: 'customer',
      name: 'Cómo nos conoció',
      type: 'text',
      options: [],
      required: false,
      position: 0,
    });
    const stylist = (
      await define(token, { name: 'Estilista', type: 'select', options: ['Ana', ' Eva '], required: true })
    ).body.data as Field;
    expect(stylist).toMatchObject({ position: 1, options: ['Ana', 'Eva'], required: true });
    const color = (await define(token, { entity: 'product', name: 'Color' })).body.data as Field;
    expect(color.position).toBe(0);
    const consent = (await define(token, { name: 'Consiente', type: 'boolean' })).body.data as Field;
    expect(await namesOf(token)).toEqual(['0:Cómo nos conoció', '1:Estilista', '2:Consiente']);

    const renamed = await call(t, 'PUT', `${url}/${stylist.id}`, {
      token,
      payload: { entity: 'customer', name: 'Peluquera', type: 'select', options: ['Ana', 'Eva', 'Lía'] },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data).toMatchObject({
      name: 'Peluquera',
      options: ['Ana', 'Eva', 'Lía'],
      position: 1,
    });
    // Renaming to its own name in other letters is no clash with itself.
    const recased = await call(t, 'PUT', `${url}/${stylist.id}`, {
      token,
      payload: { entity: 'customer', name: 'PELUQUERA', type: 'select', options: ['Ana'] },
    });
    expect(recased.status, JSON.stringify(recased.body)).toBe(200);

    const reordered = await call(t, 'PUT', `${url}/order`, {
      token,
      payload: { entity: 'customer', ids: [consent.id, first.body.data.id, stylist.id] },
    });
    expect(reordered.status, JSON.stringify(reordered.body)).toBe(200);
    expect(reordered.body.data.items.map((f: Field) => `${f.position}:${f.name}`)).toEqual([
      '0:Consiente',
      '1:Cómo nos conoció',
      '2:PELUQUERA',
    ]);
    expect(await namesOf(token, 'product')).toEqual(['0:Color']);

    const removed = await call(t, 'DELETE', `${url}/${consent.id}`, { token });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(await namesOf(token)).toEqual(['0:Cómo nos conoció', '1:PELUQUERA']);
    expectError(await call(t, 'DELETE', `${url}/${consent.id}`, { token }), 404, ErrorCode.notFound);
    // The next field goes last again.
    expect((await define(token, { name: 'Alergias' })).body.data.position).toBe(2);
  });

  it('refuses a missing, long or repeated name, and options where they do not belong', async () => {
    const { token } = await createLicense(t);
    expect(failingFields(await define(token, { name: '   ' }))).toEqual(['name']);
    expect(failingFields(await define(token, { name: 'x'.repeat(101) }))).toEqual(['name']);
    expect((await define(token, { name: 'x'.repeat(100) })).status).toBe(201);
    expect(failingFields(await define(token, { name: 'A', type: 'select' }))).toEqual(['options']);
    expect(failingFields(await define(token, { name: 'A', type: 'select', options: [] }))).toEqual([
      'options',
    ]);
    expect(failingFields(await define(token, { name: 'A', type: 'select', options: ['Sí', ' '] }))).toEqual([
      'options.1',
    ]);
    expect(
      failingFields(await define(token, { name: 'A', type: 'select', options: ['Sí', 'No', 'sí'] })),
    ).toEqual(['options.2']);
    expect(failingFields(await define(token, { name: 'A', type: 'text', options: ['Sí'] }))).toEqual([
      'options',
    ]);
    expect(failingFields(await define(token, { name: 'A', type: 'colour' }))).toEqual(['type']);
    expect(failingFields(await define(token, { name: 'A', entity: 'planet' }))).toEqual(['entity']);

    expect((await define(token, { name: 'Alergias' })).status).toBe(201);
    const taken = await define(token, { name: ' alergias ' });
    expectError(taken, 409, ErrorCode.customFieldNameExists);
    expect(taken.body.error.details).toEqual([{ field: 'name', message: 'already exists' }]);
    // Another entity may use the name.
    expect((await define(token, { name: 'Alergias', entity: 'booking' })).status).toBe(201);
    const other = (await define(token, { name: 'Notas' })).body.data as Field;
    expectError(
      await call(t, 'PUT', `${url}/${other.id}`, {
        token,
        payload: { entity: 'customer', name: 'ALERGIAS', type: 'text' },
      }),
      409,
      ErrorCode.customFieldNameExists,
    );
    // A field keeps its entity.
    const moved = await call(t, 'PUT', `${url}/${other.id}`, {
      token,
      payload: { entity: 'product', name: 'Notas', type: 'text' },
    });
    expectError(moved, 400, ErrorCode.customFieldEntityChanged);
    expect(moved.body.error.details).toEqual([{ field: 'entity', message: 'cannot change' }]);
  });

  it('reorders only with every field of the entity, once', async () => {
    const { token } = await createLicense(t);
    const a = (await define(token, { name: 'A' })).body.data as Field;
    const b = (await define(token, { name: 'B' })).body.data as Field;
    const p = (await define(token, { name: 'P', entity: 'product' })).body.data as Field;
    const order = (ids: unknown) =>
      call(t, 'PUT', `${url}/order`, { token, payload: { entity: 'customer', ids } });
    expect(failingFields(await order([a.id]))).toEqual(['ids']);
    expect(failingFields(await order([a.id, b.id, p.id]))).toEqual(['ids']);
    expect(failingFields(await order([a.id, a.id]))).toEqual(['ids']);
    expect((await order([b.id, a.id])).status).toBe(200);
    expect(await namesOf(token)).toEqual(['0:B', '1:A']);
  });

  it('changes a type only while the saved values still fit it', async () => {
    const { token } = await createLicense(t);
    const field = (await define(token, { name: 'Visitas' })).body.data as Field;
    const put = (payload: Record<string, unknown>) =>
      call(t, 'PUT', `${url}/${field.id}`, {
        token,
        payload: { entity: 'customer', name: 'Visitas', ...payload },
      });
    // No values yet: any type.
    expect((await put({ type: 'date' })).status).toBe(200);
    expect((await put({ type: 'text' })).status).toBe(200);
    const customer = await createCustomer(t, token, {
      customFields: [{ customFieldId: field.id, value: '12' }],
    });
    expect((await put({ type: 'number' })).status).toBe(200);
    const refused = await put({ type: 'boolean' });
    expectError(refused, 409, ErrorCode.customFieldValuesDoNotFit);
    expect(refused.body.error.details[0].field).toBe('type');
    expect((await put({ type: 'select', options: ['12', '13'] })).status).toBe(200);
    const dropped = await put({ type: 'select', options: ['13'] });
    expectError(dropped, 409, ErrorCode.customFieldValuesDoNotFit);
    expect(dropped.body.error.details[0].field).toBe('options');
    expect((await put({ type: 'text' })).status).toBe(200);
    const saved = await call(t, 'GET', `/v1/admin/customers/${customer.id}`, { token });
    expect(saved.body.data.customFields).toEqual([{ customFieldId: field.id, value: '12' }]);

    // Removing the field removes its values.
    expect((await call(t, 'DELETE', `${url}/${field.id}`, { token })).status).toBe(200);
    const after = await call(t, 'GET', `/v1/admin/customers/${customer.id}`, { token });
    expect(after.body.data.customFields).toEqual([]);
  });

  it('answers 404 for another company’s field and 403 without settings_edit', async () => {
    const owner = await createLicense(t);
    const other = await createLicense(t);
    const theirs = (await define(other.token, { name: 'Ajeno' })).body.data as Field;
    const body = { entity: 'customer', name: 'Mío', type: 'text' };
    expectError(
      await call(t, 'PUT', `${url}/${theirs.id}`, { token: owner.token, payload: body }),
      404,
      ErrorCode.notFound,
    );
    expectError(
      await call(t, 'DELETE', `${url}/${theirs.id}`, { token: owner.token }),
      404,
      ErrorCode.notFound,
    );
    expect(
      failingFields(
        await call(t, 'PUT', `${url}/order`, {
          token: owner.token,
          payload: { entity: 'customer', ids: [theirs.id] },
        }),
      ),
    ).toEqual(['ids']);
    expect(await namesOf(other.token)).toEqual(['0:Ajeno']);

    const reader = await createEmployee(t, owner.code, owner.token, [
      { scope: 'can_do', permission: 'customers_find' },
    ]);
    const mine = (await define(owner.token, { name: 'Mío' })).body.data as Field;
    expect((await call(t, 'GET', url, { token: reader.token })).status).toBe(200);
    for (const [method, path, payload] of [
      ['POST', url, body],
      ['PUT', `${url}/${mine.id}`, body],
      ['PUT', `${url}/order`, { entity: 'customer', ids: [mine.id] }],
      ['DELETE', `${url}/${mine.id}`, undefined],
    ] as const) {
      expectError(await call(t, method, path, { token: reader.token, payload }), 403, ErrorCode.forbidden);
    }
    expectError(await call(t, 'POST', url, { payload: body }), 401, ErrorCode.unauthenticated);
  });

  it('lets one of two creates with the same name win', async () => {
    const { token } = await createLicense(t);
    const answers = await Promise.all([
      define(token, { name: 'Alergias' }),
      define(token, { name: 'alergias' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)!.body.error.code).toBe(ErrorCode.customFieldNameExists);
    expect((await namesOf(token)).length).toBe(1);
  });
});
