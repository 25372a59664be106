import type { AppConfig } from '@mostrador/contract';
import { QueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../api/client';

const fallbackAppConfig: AppConfig = { appName: 'Mostrador', version: '', brand: null };

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
