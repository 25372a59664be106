import type { LoginBody } from '@mostrador/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { clearToken, setToken } from '../../api/token';
import { writeCookie } from '../../lib/cookies';
import { hardNavigation } from '../../lib/hard-navigation';
import { loadSession } from '../session/api';

/**
 * Stores the token, loads the session and reloads the app at `/` in the company's language.
 * Also used when a token arrives in the URL (`/login/<token>`, support logging in as a user).
 */
export async function startSession(
  queryClient: QueryClient,
  token: string,
  { replaceHistory = false } = {},
): Promise<void> {
  setToken(token);
  try {
    const session = await loadSession(queryClient);
    writeCookie('lang', session.settings.locale);
  } catch (error) {
    endLocalSession(queryClient);
    throw error;
  }
  if (replaceHistory) hardNavigation.replace('/');
  else hardNavigation.assign('/');
}

function endLocalSession(queryClient: QueryClient): void {
  clearToken();
  queryClient.clear();
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LoginBody) => {
      const token = await api.post<string>('/admin/authentication/employee-password-login', body, {
        logoutOn401: false,
      });
      await startSession(queryClient, token);
    },
    onError: () => endLocalSession(queryClient),
  });
}

/** Revokes the token (a failure changes nothing for the user), forgets it and reloads at the login screen. */
export async function logout(): Promise<void> {
  try {
    await api.post('/admin/authentication/logout', undefined, { logoutOn401: false });
  } catch {
    // The token is dropped locally whatever the server answered.
  }
  clearToken();
  hardNavigation.assign('/login');
}
