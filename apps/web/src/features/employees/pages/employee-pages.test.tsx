// @vitest-environment jsdom
import type { Permission } from '@mostrador/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { renderRoutes, testUser } from '../../../test/render';
import { EmployeeCreatePage } from './employee-create-page';
import { EmployeeEditPage } from './employee-edit-page';

const granter = (id = 1) =>
  testUser({
    id,
    permissions: [
      ...(['employees_find', 'employees_create', 'employees_edit', 'grant_permissions'] as Permission[]).map(
        (permission) => ({ scope: 'can_do' as const, permission }),
      ),
      { scope: 'can_grant', permission: 'customers_find' },
      { scope: 'can_grant', permission: 'orders_find' },
    ],
  });

const lucia = {
  id: 5,
  name: 'Lucía Pérez',
  email: 'lucia@example.es',
  username: 'lucia',
  roles: [],
  enabled: true,
  permissions: [{ id: 1, scope: 'can_do', permission: 'customers_find' }],
  createdAt: '2026-01-01T10:00:00+01:00',
  canManage: true,
};

function render(path: string, route: string, page: ReactNode, user = granter()) {
  return renderRoutes(
    [
      { path, element: <App>{page}</App> },
      { path: '/employees', element: <p>the list</p> },
    ],
    { route, user },
  );
}

const bodyOf = (calls: { init: RequestInit }[], method: string) =>
  JSON.parse(String(calls.find((c) => c.init.method === method)?.init.body));

// The permission editor is fifteen small tables: rendering it under jsdom takes a while on a busy machine.
describe('employee pages', { timeout: 60_000 }, () => {
  it('creates an employee with the permissions ticked, the username defaulting to the email', async () => {
    const calls = stubFetch((_url, init) =>
      init.method === 'POST' ? { status: 201, body: { data: { ...lucia, id: 9, name: 'Javier' } } } : {},
    );
    render('/employees/create', '/employees/create', <EmployeeCreatePage />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: ' Javier ' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'javier@example.es' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-password' } });
    fireEvent.click(screen.getByLabelText('May do: View customers'));
    expect((screen.getByLabelText('May do: View products and services') as HTMLInputElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByTestId('employee-save'));
    expect(await screen.findByText('the list', {}, { timeout: 15_000 })).toBeTruthy();
    expect(calls.find((c) => c.init.method === 'POST')?.url).toBe('/v1/admin/users');
    expect(bodyOf(calls, 'POST')).toEqual({
      name: 'Javier',
      email: 'javier@example.es',
      password: 'secret-password',
      enabled: true,
      permissions: [{ scope: 'can_do', permission: 'customers_find' }],
    });
  });

  it('sends only what changed and shows refused permissions under the editor', async () => {
    const calls = stubFetch((_url, init) =>
      init.method === 'PATCH'
        ? {
            status: 403,
            body: {
              error: {
                code: 1000113,
                message: 'You cannot grant this permission',
                details: [{ field: 'permissions', message: 'can_do orders_find' }],
              },
            },
          }
        : { body: { data: lucia } },
    );
    render('/employees/edit/:id', '/employees/edit/5', <EmployeeEditPage />);
    fireEvent.click(await screen.findByLabelText('May do: View orders', {}, { timeout: 15_000 }));
    fireEvent.click(screen.getByTestId('employee-save'));
    expect(
      (
        await screen.findAllByText(
          /You cannot grant or remove these permissions: May do: View orders/,
          {},
          { timeout: 15_000 },
        )
      ).length,
    ).toBeGreaterThan(0);
    expect(bodyOf(calls, 'PATCH')).toEqual({
      name: 'Lucía Pérez',
      permissions: [
        { scope: 'can_do', permission: 'customers_find' },
        { scope: 'can_do', permission: 'orders_find' },
      ],
    });
  });

  it('shows an employee one may not manage read-only, without save (the API would refuse any change)', async () => {
    const calls = stubFetch(() => ({ body: { data: { ...lucia, canManage: false } } }));
    render('/employees/edit/:id', '/employees/edit/5', <EmployeeEditPage />);
    expect(await screen.findByText(/You cannot change this employee/, {}, { timeout: 15_000 })).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByTestId('employee-save')).toBeNull();
    fireEvent.click(screen.getByTestId('employee-back'));
    expect(await screen.findByText('the list')).toBeTruthy();
    expect(calls.some((c) => c.init.method === 'PATCH')).toBe(false);
  });

  it('shows one’s own permissions read-only, cannot switch oneself off nor set one’s password here', async () => {
    const calls = stubFetch(() => ({ body: { data: lucia } }));
    render('/employees/edit/:id', '/employees/edit/5', <EmployeeEditPage />, granter(5));
    expect(await screen.findByText(/These are your own permissions/, {}, { timeout: 15_000 })).toBeTruthy();
    expect((screen.getByLabelText('May do: View customers') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('switch') as HTMLButtonElement).disabled).toBe(true);
    // One's own password changes on the profile, with the current one (the API refuses it here).
    expect((screen.getByLabelText('Set a new password') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(/Your own password is changed on your profile/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Lucía Pérez Gil' } });
    fireEvent.click(screen.getByTestId('employee-save'));
    await waitFor(() => expect(calls.some((c) => c.init.method === 'PATCH')).toBe(true), { timeout: 15_000 });
    expect(bodyOf(calls, 'PATCH')).toEqual({ name: 'Lucía Pérez Gil' });
  });
});
