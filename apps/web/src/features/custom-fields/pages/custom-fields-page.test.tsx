// @vitest-environment jsdom
import type { CustomField } from '@mostrador/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { renderInApp, testUser } from '../../../test/render';
import { CustomFieldsPage, moved } from './custom-fields-page';

const field = (
  id: number,
  name: string,
  position: number,
  extra: Partial<CustomField> = {},
): CustomField => ({
  id,
  entity: 'customer',
  name,
  type: 'text',
  options: [],
  required: false,
  position,
  ...extra,
});
const fields = [
  field(1, 'Cómo nos conoció', 0),
  field(2, 'Estilista', 1, { type: 'select', options: ['Ana', 'Eva'], required: true }),
  field(3, 'Color', 0, { entity: 'product' }),
];
const path = '/settings/custom-fields';
const editor = testUser({ can: ['settings_edit'] });

function serve(extra: (url: string, init: RequestInit) => { status?: number; body?: unknown } | undefined) {
  return stubFetch((url, init) => extra(url, init) ?? { body: { data: { items: fields } } });
}

describe('moved', () => {
  it('swaps a field with its neighbour and leaves the ends alone', () => {
    expect(moved([1, 2, 3], 1, -1)).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 1, 1)).toEqual([1, 3, 2]);
    expect(moved([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
  });
});

describe('CustomFieldsPage', () => {
  it('lists the customer fields in order with type, options and required, read-only without settings_edit', async () => {
    serve(() => undefined);
    renderInApp(<CustomFieldsPage />, {
      path,
      customFields: fields,
      user: testUser({ can: ['customers_find'] }),
    });
    const names = (await screen.findAllByTestId('custom-field-name')).map((n) => n.textContent);
    expect(names).toEqual(['Cómo nos conoció', 'Estilista']);
    expect(screen.getByText('List of options')).toBeTruthy();
    expect(screen.getByText('Options: Ana, Eva')).toBeTruthy();
    expect(screen.getByTestId('settings-read-only')).toBeTruthy();
    expect(screen.queryByTestId('create-custom-field')).toBeNull();
    expect(screen.queryByLabelText('Move Estilista up')).toBeNull();
  });

  it('says so when there is no field yet', async () => {
    serve(() => undefined);
    renderInApp(<CustomFieldsPage />, { path, customFields: [], user: editor });
    expect(await screen.findByText(/No custom fields yet/)).toBeTruthy();
  });

  it('moves a field up by sending the entity’s ids in their new order', async () => {
    const calls = serve((_url, init) =>
      init.method === 'PUT' ? { body: { data: { items: [] } } } : undefined,
    );
    renderInApp(<CustomFieldsPage />, { path, customFields: fields, user: editor });
    expect((screen.getByLabelText('Move Cómo nos conoció up') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(await screen.findByLabelText('Move Estilista up'));
    await waitFor(() => expect(calls.some((c) => c.init.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.init.method === 'PUT');
    expect(put?.url).toBe('/v1/admin/customFields/order');
    expect(JSON.parse(String(put?.init.body))).toEqual({ entity: 'customer', ids: [2, 1] });
  });

  it('adds a field, and shows a taken name on the name', { timeout: 40000 }, async () => {
    const calls = serve((_url, init) =>
      init.method === 'POST'
        ? {
            status: 409,
            body: {
              error: {
                code: 1000166,
                message: 'taken',
                details: [{ field: 'name', message: 'already exists' }],
              },
            },
          }
        : undefined,
    );
    renderInApp(<CustomFieldsPage />, { path, customFields: fields, user: editor });
    fireEvent.click(await screen.findByTestId('create-custom-field'));
    const dialog = await screen.findByTestId('custom-field-form');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Estilista' } });
    fireEvent.click(screen.getByTestId('custom-field-save'));
    await waitFor(() => expect(calls.some((c) => c.init.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.init.method === 'POST');
    expect(JSON.parse(String(post?.init.body))).toEqual({
      entity: 'customer',
      name: 'Estilista',
      type: 'text',
      options: [],
      required: false,
    });
    expect(await within(dialog).findByText('There is already a custom field with this name.')).toBeTruthy();
  });

  it('asks before removing, naming the field and saying its values are lost', async () => {
    const calls = serve((_url, init) =>
      init.method === 'DELETE' ? { body: { data: { ok: true } } } : undefined,
    );
    renderInApp(<CustomFieldsPage />, { path, customFields: fields, user: editor });
    fireEvent.click(await screen.findByLabelText('Remove Estilista'));
    expect(await screen.findByText('Remove the field “Estilista”?')).toBeTruthy();
    expect(screen.getByText(/values saved in it for every customer are lost/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('custom-field-delete-confirm'));
    await waitFor(() => expect(calls.some((c) => c.init.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.init.method === 'DELETE')?.url).toBe('/v1/admin/customFields/2');
  });
});
