import type { ComponentType } from 'react';

export type PageLoader = () => Promise<ComponentType>;

/**
 * The screens the boot needs without the route table: signed out (the login screen, the demo dashboard, the
 * 404 page) the table (routes.ts) is never downloaded; signed in it is loaded beside the session.
 */
export const pages = {
  dashboard: () => import('../features/dashboard/pages/dashboard-page').then((m) => m.DashboardPage),
  login: () => import('../features/auth/pages/login-page').then((m) => m.LoginPage),
  notFound: () => import('./pages/not-found-page').then((m) => m.NotFoundPage),
} satisfies Record<string, PageLoader>;
