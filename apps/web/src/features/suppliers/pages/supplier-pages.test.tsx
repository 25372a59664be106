// @vitest-environment jsdom
import type { Supplier, SupplierListItem } from '@mostrador/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { renderInApp, renderRoutes, testUser } from '../../../test/render';
import { SupplierCreatePage } from './supplier-create-page';
import { SupplierEditPage } from './supplier-edit-page';
import { SuppliersPage } from './suppliers-page';

const slow = { timeout: 8000 };

const item: SupplierListItem = {
  id: 4,
  name: 'Aromas del Sur',
  customerName: 'Marta',
  customerSurname: 'Ruiz',
  status: 'active',
  startsAt: '2026-03-01',
  customerId: 9,
  commissionType: 'percentage',
  commissionQuantity: 12.5,
  automaticActivation: false,
  createdAt: '2026-01-01T10:00:00.000Z',
};

const supplier: Supplier = {
  id: 4,
  name: 'Aromas del Sur',
  customerId: null,
  customerName: null,
  status: 'inactive',
  startsAt: null,
  commissionType: 'money',
  commissionQuantity: 1.5,
  automaticActivation: false,
  appLoginUrl: null,
  passwordChangeUrl: null,
  productCount: 2,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
};

describe('the supplier list', () => {
  it('sorts by name and shows the spec’s columns; actions only as permitted', async () => {
    const calls = stubFetch(() => ({ body: { data: { items: [item], total: 1, page: 1, limit: 50 } } }));
    renderInApp(<SuppliersPage />, { path: '/suppliers', user: testUser({ can: ['suppliers_find'] }) });
    expect(await screen.findByText('1 supplier', undefined, slow)).toBeTruthy();
    expect(decodeURIComponent(calls[0]?.url ?? '')).toContain('orders={"name":"asc"}');
    const row = screen.getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByText('Aromas del Sur')).toBeTruthy();
    expect(within(row).getByText('Marta Ruiz')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(within(row).getByText('12,5 %')).toBeTruthy();
    // Only finding: no link to edit, no new supplier, no activation, no delete, no settlement.
    expect(within(row).queryByRole('link', { name: 'Aromas del Sur' })).toBeNull();
    expect(screen.queryByTestId('create-supplier')).toBeNull();
    expect(within(row).queryByLabelText('More actions for Aromas del Sur')).toBeNull();
    expect(within(row).queryByLabelText('Delete Aromas del Sur')).toBeNull();
    expect(screen.queryByTestId('supplier-settlement-link')).toBeNull();
  });

  it('offers edit, deactivate, delete, new supplier and the settlement to who may', async () => {
    const calls = stubFetch((_url, init) =>
      init.method === 'POST'
        ? { body: { data: { ...supplier, status: 'inactive' } } }
        : { body: { data: { items: [item], total: 1, page: 1, limit: 50 } } },
    );
    const user = testUser({
      can: ['suppliers_find', 'suppliers_create', 'suppliers_edit', 'suppliers_delete', 'orders_find'],
    });
    renderInApp(
      <App>
        <SuppliersPage />
      </App>,
      { path: '/suppliers', user },
    );
    const row = (await screen.findAllByRole('row', undefined, slow))[1] as HTMLElement;
    expect(within(row).getByRole('link', { name: 'Aromas del Sur' }).getAttribute('href')).toBe(
      '/suppliers/edit/4',
    );
    expect(screen.getByTestId('create-supplier')).toBeTruthy();
    expect(screen.getByTestId('supplier-settlement-link').getAttribute('href')).toBe(
      '/reports/supplier-settlement',
    );
    expect(within(row).getByLabelText('Delete Aromas del Sur')).toBeTruthy();
    fireEvent.click(within(row).getByLabelText('More actions for Aromas del Sur'));
    fireEvent.click(await screen.findByTestId('supplier-deactivate', undefined, slow));
    await waitFor(() => expect(calls.some((c) => c.init.method === 'POST')).toBe(true), slow);
    expect(calls.find((c) => c.init.method === 'POST')?.url).toBe('/v1/admin/suppliers/4/deactivate');
  });
});

describe('the supplier form', () => {
  it('checks the commission before sending and sends the body the contract wants', async () => {
    const calls = stubFetch(() => ({ status: 201, body: { data: { ...supplier, name: 'Barro' } } }));
    renderRoutes(
      [
        { path: '/suppliers', element: <p>supplier list</p> },
        {
          path: '/suppliers/create',
          element: (
            <App>
              <SupplierCreatePage />
            </App>
          ),
        },
      ],
      { route: '/suppliers/create', user: testUser({ can: ['suppliers_find', 'suppliers_create'] }) },
    );
    expect(await screen.findByRole('heading', { name: 'New supplier' }, slow)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Barro' } });
    fireEvent.mouseDown(within(screen.getByTestId('supplier-commission-type')).getByRole('combobox'));
    fireEvent.click(await screen.findByText('Percentage of the price', undefined, slow));
    const quantity = await screen.findByTestId('supplier-commission-quantity', undefined, slow);
    fireEvent.change(quantity, { target: { value: '120' } });
    fireEvent.click(screen.getByTestId('supplier-save'));
    expect(await screen.findByText('A percentage is at most 100', undefined, slow)).toBeTruthy();
    expect(calls.filter((c) => c.init.method === 'POST')).toHaveLength(0);

    fireEvent.change(quantity, { target: { value: '15' } });
    fireEvent.click(screen.getByTestId('supplier-save'));
    await waitFor(() => expect(calls.some((c) => c.init.method === 'POST')).toBe(true), slow);
    const post = calls.find((c) => c.init.method === 'POST');
    expect(post?.url).toBe('/v1/admin/suppliers');
    expect(JSON.parse(String(post?.init.body))).toEqual({
      name: 'Barro',
      customerId: null,
      startsAt: null,
      commissionType: 'percentage',
      commissionQuantity: 15,
      automaticActivation: false,
      appLoginUrl: '',
      passwordChangeUrl: '',
    });
    expect(await screen.findByText('supplier list', undefined, slow)).toBeTruthy();
  });

  it('puts the server’s field errors on their fields', async () => {
    stubFetch((_url, init) =>
      init.method === 'PUT'
        ? {
            status: 400,
            body: {
              error: {
                code: 1000100,
                message: 'invalid',
                details: [{ field: 'appLoginUrl', message: 'Invalid URL' }],
              },
            },
          }
        : { body: { data: supplier } },
    );
    renderRoutes(
      [
        { path: '/suppliers', element: <p>supplier list</p> },
        {
          path: '/suppliers/edit/:id',
          element: (
            <App>
              <SupplierEditPage />
            </App>
          ),
        },
      ],
      { route: '/suppliers/edit/4', user: testUser({ can: ['suppliers_find', 'suppliers_edit'] }) },
    );
    expect(await screen.findByRole('heading', { name: 'Aromas del Sur' }, slow)).toBeTruthy();
    expect(screen.getByText('2 products')).toBeTruthy();
    // Without suppliers_delete there is no delete.
    expect(screen.queryByTestId('supplier-delete')).toBeNull();
    fireEvent.click(screen.getByTestId('supplier-save'));
    const field = screen.getByTestId('supplier-app-login-url').closest('.ant-form-item') as HTMLElement;
    expect(await within(field).findByText('This value is not valid', undefined, slow)).toBeTruthy();
  });
});
