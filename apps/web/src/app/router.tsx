import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FullPageSpinner } from './layouts/full-page-spinner';
import { SimpleLayout } from './layouts/simple-layout';
import { RouteErrorPage } from './pages/route-error-page';
import { pages, routesFor } from './routes';

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

const notFound: RouteObject = { path: '*', lazy: lazyPage(pages.notFound) };

interface RouterSession {
  isAuthenticated: boolean;
  granted: ReadonlySet<string>;
}

/**
 * The route tree for this visit. Login and logout reload the page, so the tree is built once, with only the
 * routes the user may open: anything else falls to the 404 page (or to the login screen when logged out).
 */
export function createAppRoutes({ isAuthenticated, granted }: RouterSession): RouteObject[] {
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
              ...routesFor(granted).map((route) => ({
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
        { id: 'dashboardDemo', path: '/one/backend/dashboard', lazy: lazyPage(pages.dashboard) },
        { ...notFound, path: '/one/*' },
        { path: '*', element: <Navigate to="/login" replace /> },
      ],
    },
  ];
}

export function createAppRouter(session: RouterSession) {
  return createBrowserRouter(createAppRoutes(session));
}
