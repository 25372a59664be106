import type { AppConfig } from '@mostrador/contract';
import { QueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../api/client';

const fallbackAppConfig: AppConfig = { appName: 'Mostrador', version: '', brand: null };

/**
 * The host's configuration as `/login`'s page carries it (the API's login-page-html.ts writes it in a
 * meta element), or null where the page does not (other addresses, the dev server) or it does not parse.
 */
export function inlineAppConfig(doc: Document = document): AppConfig | null {
  const content = doc.querySelector('meta[name="mostrador-app-config"]')?.getAttribute('content');
  if (!content) return null;
  try {
    const config = JSON.parse(content) as Partial<AppConfig> | null;
    return isAppConfig(config) ? config : null;
  } catch {
    return null;
  }
}

/**
 * The contract's `appConfigSchema`, checked by hand: the schema would bring the contract's zod schemas
 * into the entry chunk (25 KB gzipped more on every first load).
 */
function isAppConfig(value: Partial<AppConfig> | null): value is AppConfig {
  if (!value || typeof value.appName !== 'string' || typeof value.version !== 'string') return false;
  const brand = value.brand;
  if (brand === null) return true;
  return (
    typeof brand === 'object' &&
    brand !== undefined &&
    typeof brand.primaryColor === 'string' &&
    (brand.logoUrl === null || typeof brand.logoUrl === 'string') &&
    typeof brand.language === 'string'
  );
}

/** The host's configuration; the app still starts with defaults when it cannot be read. */
export async function fetchAppConfig(): Promise<AppConfig> {
  try {
    return (await api.get<AppConfig>('/app-config', { logoutOn401: false })) ?? fallbackAppConfig;
  } catch {
    return fallbackAppConfig;
  }
}

/** Client errors will not change on a retry; network and server errors may. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}

/** The token of `/login/<token>` (a support user logging in as an employee), if the URL carries one. */
export function tokenFromLoginUrl(pathname: string): string | null {
  const match = /^\/login\/([^/]+)\/?$/.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}
