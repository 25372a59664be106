// @vitest-environment jsdom
import { SUPER_ADMIN } from '@mostrador/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderRoutes, setViewportWidth, testAppConfig, testUser } from '../../test/render';
import { BackendLayout } from './backend-layout';

function renderLayout(user = testUser(), appConfig = testAppConfig) {
  return renderRoutes([{ element: <BackendLayout />, children: [{ path: '/', element: <p>home</p> }] }], {
    user,
    appConfig,
  });
}

describe('BackendLayout on a desktop', () => {
  beforeEach(() => setViewportWidth(1280));
  afterEach(() => setViewportWidth(1024));

  it('builds the menu from the permissions, with real links', () => {
    renderLayout(testUser({ can: ['customers_find', 'orders_find'] }));
    const menu = screen.getByTestId('main-menu');
    expect(within(menu).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/');
    expect(within(menu).getByRole('link', { name: 'Orders' }).getAttribute('href')).toBe('/orders');
    expect(within(menu).queryByText('Products')).toBeNull();
    expect(within(menu).getByText('Customers')).toBeTruthy();
    expect(within(menu).getByText('Settings')).toBeTruthy();
  });

  it('shows the footer with the app name, version and copyright', () => {
    renderLayout();
    expect(screen.getByTestId('app-footer').textContent).toBe(
      `Mostrador version 1.2.3 · © ${new Date().getFullYear()} Mostrador`,
    );
  });

  it('shows the cash-register button only to who may open the register', () => {
    renderLayout(testUser({ can: ['cashRegisters_open'] }));
    expect(screen.getByTestId('cash-register-button')).toBeTruthy();
  });

  it('hides the cash-register button without the permission', () => {
    renderLayout();
    expect(screen.queryByTestId('cash-register-button')).toBeNull();
  });

  it('marks a support session', () => {
    renderLayout(testUser({ supportUser: { id: 9, name: 'Soporte' } }));
    const banner = screen.getByTestId('support-session');
    expect(banner.textContent).toContain('Support session as Ana García');
    expect(within(banner).getByRole('button', { name: /Return to my account/ })).toBeTruthy();
  });

  it('offers the theme picker to a super administrator only, and never under a brand', async () => {
    const admin = testUser({ roles: [SUPER_ADMIN] });
    const { unmount } = renderLayout(admin);
    // Loaded with its colour picker after the menu (a chunk of its own).
    expect(await screen.findByTestId('theme-picker')).toBeTruthy();
    unmount();
    renderLayout(admin, {
      ...testAppConfig,
      brand: { primaryColor: '#ff0000', logoUrl: null, language: 'es' },
    });
    expect(screen.queryByTestId('theme-picker')).toBeNull();
  });
});

describe('BackendLayout below 992 px', () => {
  beforeEach(() => setViewportWidth(800));
  afterEach(() => setViewportWidth(1024));

  it('puts the menu in a drawer opened from the header', async () => {
    renderLayout();
    expect(screen.queryByTestId('main-menu')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open the menu' }));
    expect(await screen.findByTestId('main-menu')).toBeTruthy();
  });
});
