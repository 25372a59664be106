// @vitest-environment jsdom
import { SUPER_ADMIN } from '@mostrador/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken, setToken } from '../../../api/token';
import { hardNavigation } from '../../../lib/hard-navigation';
import { stubFetch } from '../../../test/fetch';
import { renderInApp, testUser } from '../../../test/render';
import { supportReturnOf } from '../../session/support-return';
import { SupportLoginModal } from './support-login-modal';

const employee = (id: number, name: string, username: string, extra: object = {}) => ({
  id,
  name,
  email: `${username}@example.com`,
  username,
  roles: [],
  enabled: true,
  createdAt: '2026-01-01T10:00:00+01:00',
  canManage: false,
  ...extra,
});
const staff = [
  employee(11, 'Marta Ruiz', 'marta'),
  employee(12, 'Pablo Gil', 'pablo', { enabled: false }),
  employee(13, 'Root', 'root', { roles: [SUPER_ADMIN] }),
];
const platformUser = testUser({ isPlatform: true, can: ['licenses_find', 'licenses_loginAsUser'] });

describe('SupportLoginModal', { timeout: 60_000 }, () => {
  beforeEach(() => {
    window.localStorage.clear();
    vi.spyOn(hardNavigation, 'assign').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists the license’s employees by name, searchable, and refuses the switched-off and the super administrator', async () => {
    const calls = stubFetch((url) => {
      const query = new URL(url, 'http://x').searchParams.get('query');
      const items = query ? staff.filter((e) => e.name.toLowerCase().includes(query)) : staff;
      return { body: { data: { items, total: items.length, page: 1, limit: 50 } } };
    });
    renderInApp(<SupportLoginModal license={{ id: 4, name: 'Peluquería Ana' }} onClose={() => {}} />, {
      user: platformUser,
    });
    expect(
      await screen.findByText('Log in as an employee of Peluquería Ana', {}, { timeout: 15_000 }),
    ).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Employees' }, { timeout: 15_000 });
    await within(list).findByText('Marta Ruiz', {}, { timeout: 15_000 });
    expect(calls[0]?.url).toMatch(/^\/v1\/admin\/licenses\/4\/employees\?/);
    expect((screen.getByRole('button', { name: 'Log in as Marta Ruiz' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect((screen.getByRole('button', { name: 'Log in as Pablo Gil' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(within(screen.getByTestId('support-employee-12')).getByText('Switched off')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Log in as Root' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(screen.getByTestId('support-employee-13')).getByText('Super administrator')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Search employees'), { target: { value: 'pab' } });
    await waitFor(() => expect(screen.queryByText('Marta Ruiz')).toBeNull(), { timeout: 15_000 });
    expect(screen.getByText('Pablo Gil')).toBeTruthy();
    expect(calls.some((c) => new URL(c.url, 'http://x').searchParams.get('query') === 'pab')).toBe(true);
  });

  it('logs in as the chosen employee, keeping the support user’s own session to return to', async () => {
    setToken('platform-token');
    window.history.replaceState(null, '', '/licenses');
    const calls = stubFetch((url) => {
      if (url.includes('/login-as-support/11')) return { body: { data: 'support-token' } };
      if (url.startsWith('/v1/admin/licenses/4/employees'))
        return { body: { data: { items: staff, total: staff.length, page: 1, limit: 50 } } };
      if (url.startsWith('/v1/admin/users/info'))
        return { body: { data: testUser({ id: 11, supportUser: { id: 1, name: 'root' } }) } };
      if (url.startsWith('/v1/admin/settings'))
        return { body: { data: { locale: 'es', timeZone: 'Europe/Madrid' } } };
      if (url.startsWith('/v1/admin/taxes'))
        return { body: { data: { items: [], total: 0, page: 1, limit: 500 } } };
      return { body: { data: { items: [] } } };
    });
    renderInApp(<SupportLoginModal license={{ id: 4, name: 'Peluquería Ana' }} onClose={() => {}} />, {
      user: platformUser,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Log in as Marta Ruiz' }, { timeout: 15_000 }));
    await waitFor(() => expect(hardNavigation.assign).toHaveBeenCalledWith('/'), { timeout: 15_000 });
    expect(calls.some((c) => c.url === '/v1/admin/authentication/login-as-support/11')).toBe(true);
    expect(getToken()).toBe('support-token');
    expect(supportReturnOf()).toEqual({ token: 'platform-token', path: '/licenses' });
  });
});
