// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken } from '../../../api/token';
import { hardNavigation } from '../../../lib/hard-navigation';
import { stubFetch } from '../../../test/fetch';
import { renderInApp, testUser } from '../../../test/render';
import { LoginPage } from './login-page';

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('LoginPage', () => {
  beforeEach(() => {
    window.localStorage.clear();
    vi.spyOn(hardNavigation, 'assign').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('asks for the empty fields without calling the server', async () => {
    const calls = stubFetch(() => ({ body: { data: 'token' } }));
    renderInApp(<LoginPage />, { user: null });
    fill('License', 'demo');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);
  });

  it('logs in, loads the session, stores the company language and reloads at /', async () => {
    const calls = stubFetch((url) => {
      if (url.endsWith('/employee-password-login')) return { body: { data: 'new-token' } };
      if (url.endsWith('/admin/users/info')) return { body: { data: testUser() } };
      if (url.endsWith('/admin/settings'))
        return { body: { data: { locale: 'es', timeZone: 'Europe/Madrid' } } };
      if (url.includes('/admin/taxes'))
        return { body: { data: { items: [], total: 0, page: 1, limit: 500 } } };
      return { body: { data: { items: [] } } };
    });
    renderInApp(<LoginPage />, { user: null });
    fill('License', ' demo ');
    fill('Username', 'ana');
    fill('Password', 'secret-password');
    fireEvent.click(screen.getByLabelText('Remember this device'));
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(hardNavigation.assign).toHaveBeenCalledWith('/'));
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({
      license: 'demo',
      username: 'ana',
      password: 'secret-password',
      remember: true,
    });
    expect(calls.map((c) => c.url)).toEqual(
      expect.arrayContaining([
        '/v1/admin/users/info',
        '/v1/admin/settings',
        '/v1/admin/taxes?limit=500',
        '/v1/admin/customFields',
      ]),
    );
    expect(getToken()).toBe('new-token');
    expect(document.cookie).toContain('lang=es');
  });

  it('says the login failed and keeps no session', async () => {
    stubFetch(() => ({ status: 401, body: { error: { code: 1000102, message: 'Login failed' } } }));
    renderInApp(<LoginPage />, { user: null });
    fill('License', 'demo');
    fill('Username', 'ana');
    fill('Password', 'wrong');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('login-error')).textContent).toContain(
      'Login failed: check the license',
    );
    expect(getToken()).toBeNull();
    expect(hardNavigation.assign).not.toHaveBeenCalled();
  });

  it('says when there were too many attempts', async () => {
    stubFetch(() => ({ status: 429, body: { error: { code: 1000105, message: 'Too many' } } }));
    renderInApp(<LoginPage />, { user: null });
    fill('License', 'demo');
    fill('Username', 'ana');
    fill('Password', 'wrong');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('login-error')).textContent).toContain('Too many failed attempts');
  });

  it('says how long to wait when the server tells', async () => {
    stubFetch(() => ({
      status: 429,
      body: { error: { code: 1000105, message: 'Too many', details: { retryAfterSeconds: 290 } } },
    }));
    renderInApp(<LoginPage />, { user: null });
    fill('License', 'demo');
    fill('Username', 'ana');
    fill('Password', 'wrong');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('login-error')).textContent).toBe(
      'Too many failed attempts. Try again in 5 min.',
    );
  });
});
