import type { Language } from '@mostrador/contract';
import type { ComponentType } from 'react';
import { createBrowserRouter, matchPath, Navigate, type RouteObject } from 'react-router';
import { loadWholeCatalogue } from '../i18n/i18n';
import { pages } from './base-pages';
import { FullPageSpinner } from './layouts/full-page-spinner';
import { SimpleLayout } from './layouts/simple-layout';
import { RouteErrorPage } from './pages/route-error-page';
import type { AppRoute } from './routes';

/** The spec's limit for loading a screen's code. */
const chunkTimeoutMs = 120_000;

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('chunk load timeout')), chunkTimeoutMs);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

function lazyPage(load: () => Promise<ComponentType>): RouteObject['lazy'] {
  return async () => ({ Component: await withTimeout(load()) });
}

async function dashboardSignedOut(): Promise<ComponentType> {
  const [page] = await Promise.all([pages.dashboard(), loadWholeCatalogue()]);
  return page;
}

const notFound: RouteObject = { path: '*', lazy: lazyPage(pages.notFound) };

interface RouterSession {
  isAuthenticated: boolean;
  /** The screens the user may open (`routesFor` of routes.ts); none signed out. */
  screens: AppRoute[];
}

/** The route table: its own chunk, downloaded only signed in (the login screen's first load does without it). */
export function loadRouteTable() {
  return import('./routes');
}

/**
 * The route tree for this visit. Login and logout reload the page, so the tree is built once, with only the
 * routes the user may open: anything else falls to the 404 page (or to the login screen when logged out).
 */
export function createAppRoutes({ isAuthenticated, screens }: RouterSession): RouteObject[] {
  const root = { errorElement: <RouteErrorPage />, hydrateFallbackElement: <FullPageSpinner /> };
  if (isAuthenticated) {
    return [
      {
        ...root,
        children: [
          { path: '/login/:token?', element: <Navigate to="/" replace /> },
          {
            lazy: lazyPage(() => import('./layouts/backend-layout').then((m) => m.BackendLayout)),
            children: [
              ...screens.map((route) => ({
                id: route.id,
                path: route.path,
                lazy: lazyPage(route.page),
                // A failing screen keeps the menu around it.
                errorElement: <RouteErrorPage fullPage={false} />,
              })),
              notFound,
            ],
          },
        ],
      },
    ];
  }
  return [
    {
      ...root,
      element: <SimpleLayout />,
      children: [
        { id: 'login', path: '/login/:token?', lazy: lazyPage(pages.login) },
        // The demo dashboard reads the whole catalogue: signed out, only the login's part is loaded.
        { id: 'dashboardDemo', path: '/one/backend/dashboard', lazy: lazyPage(dashboardSignedOut) },
        { ...notFound, path: '/one/*' },
        { path: '*', element: <Navigate to="/login" replace /> },
      ],
    },
  ];
}

export function createAppRouter(session: RouterSession) {
  return createBrowserRouter(createAppRoutes(session));
}

/**
 * Starts downloading the code of the screen at `pathname` (and of the layout around it, and its texts in the
 * language the boot expects: routes.ts `preloadScreenTexts`) while the boot still
 * waits on the app config, the language and the session, instead of after them: the router asks for the same
 * modules later and gets them from the module map. Only a warm-up: a failure here is the router's to show.
 */
export function preloadScreen(pathname: string, signedIn: boolean, language: Language): void {
  const loads: Array<Promise<unknown>> = [];
  if (!signedIn) {
    loads.push(matchPath('/one/backend/dashboard', pathname) ? pages.dashboard() : pages.login());
  } else if (!matchPath('/login/:token?', pathname)) {
    loads.push(import('./layouts/backend-layout'));
    // The user's own permissions come with the session, later.
    loads.push(
      loadRouteTable().then(({ likelyScreen, preloadScreenTexts }) => {
        const screen = likelyScreen(pathname);
        preloadScreenTexts(screen, language);
        return screen?.page();
      }),
    );
  }
  for (const load of loads) load.catch(() => {});
}
