import { ErrorCode } from '@mostrador/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customFields } from '../src/db/schema.js';
import { buildTestApp, call, createLicense, expectError, type TestApp } from './helpers.js';

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
