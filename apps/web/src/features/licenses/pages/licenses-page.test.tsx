// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { renderInApp, testUser } from '../../../test/render';
import { LicensesPage } from './licenses-page';

const license = (id: number, name: string, code: string, isPlatform = false) => ({
  id,
  name,
  code,
  status: 'active',
  customerId: null,
  productId: null,
  isPlatform,
  productName: null,
  customerName: null,
  customerSurname: null,
  createdAt: '2026-01-01T10:00:00+01:00',
});
const items = [license(1, 'Mostrador', 'admin', true), license(2, 'Peluquería Ana', 'peluqueria-ana')];

const platformUser = () =>
  testUser({
    isPlatform: true,
    can: ['licenses_find', 'licenses_create', 'licenses_edit', 'licenses_delete'],
  });

describe('LicensesPage', { timeout: 60_000 }, () => {
  it('deletes a company license only once its code is typed, never the platform license', async () => {
    const calls = stubFetch((_url, init) =>
      init.method === 'DELETE'
        ? { body: { data: { ok: true } } }
        : { body: { data: { items, total: items.length, page: 1, limit: 50 } } },
    );
    renderInApp(<LicensesPage />, { path: '/licenses', user: platformUser() });
    expect(await screen.findByText('2 licenses', {}, { timeout: 15_000 })).toBeTruthy();
    expect((screen.getByLabelText('Delete Mostrador') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByLabelText('Delete Peluquería Ana'));
    expect(
      await screen.findByText('Delete the license “Peluquería Ana”?', {}, { timeout: 15_000 }),
    ).toBeTruthy();
    const confirm = screen.getByTestId('license-delete-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('license-delete-code'), { target: { value: 'peluqueria' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('license-delete-code'), { target: { value: 'peluqueria-ana' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(calls.some((c) => c.init.method === 'DELETE' && c.url === '/v1/admin/licenses/2')).toBe(true),
    );
  });

  it('suggests the code from the name and creates the license with its owner', async () => {
    const calls = stubFetch((_url, init) =>
      init.method === 'POST'
        ? { status: 201, body: { data: license(3, 'Clínica Dental Sur', 'clinica-dental-sur') } }
        : { body: { data: { items, total: items.length, page: 1, limit: 50 } } },
    );
    renderInApp(<LicensesPage />, { path: '/licenses', user: platformUser() });
    fireEvent.click(await screen.findByTestId('create-license', {}, { timeout: 15_000 }));
    const form = within(await screen.findByTestId('license-create-form', {}, { timeout: 15_000 }));
    fireEvent.change(form.getByLabelText('Name'), { target: { value: 'Clínica Dental Sur' } });
    expect((form.getByLabelText('Code') as HTMLInputElement).value).toBe('clinica-dental-sur');
    fireEvent.change(form.getByLabelText('Owner’s username'), { target: { value: 'marta' } });
    fireEvent.change(form.getByLabelText('Owner’s password'), { target: { value: 'secret-password' } });
    fireEvent.click(screen.getByTestId('license-form-save'));
    await waitFor(() => expect(calls.some((c) => c.init.method === 'POST')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.init.method === 'POST')?.init.body))).toEqual({
      name: 'Clínica Dental Sur',
      code: 'clinica-dental-sur',
      status: 'active',
      adminUsername: 'marta',
      adminEmail: null,
      adminPassword: 'secret-password',
    });
  });

  it('opens the searchable list of a license’s employees from its row, for support to log in as one', async () => {
    const calls = stubFetch((url) =>
      url.startsWith('/v1/admin/licenses/2/employees')
        ? {
            body: {
              data: {
                items: [
                  {
                    id: 21,
                    name: 'Ana Peluquera',
                    email: null,
                    username: 'ana',
                    roles: [],
                    enabled: true,
                    createdAt: '2026-01-01T10:00:00+01:00',
                    canManage: false,
                  },
                ],
                total: 1,
                page: 1,
                limit: 50,
              },
            },
          }
        : { body: { data: { items, total: items.length, page: 1, limit: 50 } } },
    );
    renderInApp(<LicensesPage />, {
      path: '/licenses',
      user: testUser({ isPlatform: true, can: ['licenses_find', 'licenses_loginAsUser'] }),
    });
    fireEvent.click(
      await screen.findByLabelText('Log in as an employee of Peluquería Ana', {}, { timeout: 15_000 }),
    );
    expect(await screen.findByText('Ana Peluquera', {}, { timeout: 15_000 })).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith('/v1/admin/licenses/2/employees'))).toBe(true);
    expect(screen.getByRole('button', { name: 'Log in as Ana Peluquera' })).toBeTruthy();
  });
});
