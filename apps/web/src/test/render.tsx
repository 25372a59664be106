import { StyleProvider } from '@ant-design/cssinjs';
import type { AppConfig, CurrentUser, CustomField, Permission, Settings } from '@mostrador/contract';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App } from 'antd';
import enUS from 'antd/es/locale/en_US';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { queryKeys } from '../api/query-keys';
import { Providers } from '../app/providers';
import en from '../i18n/locales/en.json';
import './setup';

export function initTestI18n(): void {
  if (i18next.isInitialized) return;
  void i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
}

export const testAppConfig: AppConfig = { appName: 'Mostrador', version: '1.2.3', brand: null };

export function testUser(overrides: Partial<CurrentUser> & { can?: Permission[] } = {}): CurrentUser {
  const { can = [], ...rest } = overrides;
  return {
    id: 1,
    name: 'Ana García',
    email: 'ana@example.com',
    username: 'ana',
    roles: [],
    permissions: can.map((permission, id) => ({ id, scope: 'can_do', permission })),
    uiConfig: {},
    licenseId: 1,
    licenseName: 'Demo',
    isPlatform: false,
    supportUser: null,
    ...rest,
  };
}

interface RenderOptions {
  path?: string;
  route?: string;
  user?: CurrentUser | null;
  settings?: Partial<Settings>;
  /** The company's custom fields in the session (none unless given). */
  customFields?: CustomField[];
  appConfig?: AppConfig;
}

/** Renders routes at `route` inside the app's providers, with a session seeded in the query cache (none for `user: null`). */
export function renderRoutes(
  routes: RouteObject[],
  {
    route = '/',
    user = testUser(),
    settings,
    customFields = [],
    appConfig = testAppConfig,
  }: RenderOptions = {},
) {
  initTestI18n();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  if (user) {
    queryClient.setQueryData(queryKeys.currentUser, user);
    queryClient.setQueryData(queryKeys.settings, { timeZone: 'Europe/Madrid', locale: 'en', ...settings });
    queryClient.setQueryData(queryKeys.customFields, customFields);
  }
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  // antd's styles are computed but not put in the page (cssinjs's test-only `mock="server"`): jsdom's
  // getComputedStyle matches every rule of every sheet against the element, and antd's components ask for
  // it at each layout (the table's scrollbar measure alone: two calls per table render). With antd's
  // thousands of rules in the page that was 40 % of a page test's time (the permission editor's test
  // 14 → 7 s). No test reads antd's styles: jsdom lays nothing out.
  const view = render(
    <StyleProvider mock="server">
      <Providers queryClient={queryClient} context={{ appConfig, language: 'en' }} antdLocale={enUS}>
        <RouterProvider router={router} />
      </Providers>
    </StyleProvider>,
  );
  return { ...view, router, queryClient };
}

/** Renders `ui` as the page at `path` (inside antd's App, as the back-office layout provides it). */
export function renderInApp(ui: ReactNode, { path = '/', route = path, ...options }: RenderOptions = {}) {
  return renderRoutes([{ path, element: <App>{ui}</App> }], { route, ...options });
}

/** Makes antd's responsive grid see a window `width` pixels wide. */
export function setViewportWidth(width: number): void {
  window.matchMedia = (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*(\d+)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    } as MediaQueryList;
  };
}
