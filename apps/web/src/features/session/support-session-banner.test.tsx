// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken, setToken } from '../../api/token';
import { hardNavigation } from '../../lib/hard-navigation';
import { stubFetch } from '../../test/fetch';
import { renderInApp, testUser } from '../../test/render';
import { rememberSupportReturn, supportReturnOf } from './support-return';
import { SupportSessionBanner } from './support-session-banner';

const asSupport = testUser({
  name: 'Marta Ruiz',
  licenseName: 'Peluquería Ana',
  supportUser: { id: 9, name: 'root' },
});

describe('SupportSessionBanner', { timeout: 60_000 }, () => {
  beforeEach(() => {
    window.localStorage.clear();
    vi.spyOn(hardNavigation, 'assign').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows nothing during a normal session, and forgets a token kept from a support session ended otherwise', async () => {
    rememberSupportReturn({ token: 'platform-token', path: '/licenses' });
    renderInApp(<SupportSessionBanner />);
    expect(screen.queryByTestId('support-session')).toBeNull();
    await waitFor(() => expect(supportReturnOf()).toBeNull());
  });

  it('ends the support session on the server and gives back the support user’s own session where he was', async () => {
    setToken('support-token');
    rememberSupportReturn({ token: 'platform-token', path: '/licenses/edit/4' });
    const calls = stubFetch(() => ({ body: { data: { ok: true } } }));
    renderInApp(<SupportSessionBanner />, { user: asSupport });
    expect(screen.getByTestId('support-session').textContent).toContain(
      'Support session as Marta Ruiz (Peluquería Ana)',
    );
    fireEvent.click(screen.getByRole('button', { name: /Return to my account/ }));
    await waitFor(() => expect(hardNavigation.assign).toHaveBeenCalledWith('/licenses/edit/4'));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/v1/admin/authentication/logout');
    expect(calls[0]?.init.method).toBe('POST');
    expect(new Headers(calls[0]?.init.headers).get('authorization')).toBe('Bearer support-token');
    expect(getToken()).toBe('platform-token');
    expect(supportReturnOf()).toBeNull();
  });

  it('without the support user’s session in this browser, ends the support session and goes to the login', async () => {
    setToken('support-token');
    stubFetch(() => ({ status: 401, body: { error: { code: 1, message: 'gone' } } }));
    renderInApp(<SupportSessionBanner compact />, { user: asSupport });
    // On a phone the button is an icon, named for screen readers.
    fireEvent.click(screen.getByRole('button', { name: 'Return to my account' }));
    await waitFor(() => expect(hardNavigation.assign).toHaveBeenCalledWith('/login'));
    expect(getToken()).toBeNull();
  });
});
