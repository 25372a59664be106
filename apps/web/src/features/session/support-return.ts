import { api } from '../../api/client';
import { clearToken, setToken } from '../../api/token';
import { hardNavigation } from '../../lib/hard-navigation';

const returnKey = 'mostrador.supportReturn';

/** The support user's own session, kept in this browser while he works as another employee. */
export interface SupportReturn {
  /** The support user's own token. */
  token: string;
  /** Where he was when he started the support session. */
  path: string;
}

export function rememberSupportReturn(value: SupportReturn): void {
  window.localStorage.setItem(returnKey, JSON.stringify(value));
}

export function supportReturnOf(): SupportReturn | null {
  try {
    const value = JSON.parse(
      window.localStorage.getItem(returnKey) ?? 'null',
    ) as Partial<SupportReturn> | null;
    if (typeof value?.token !== 'string' || !value.token) return null;
    return {
      token: value.token,
      path: typeof value.path === 'string' && value.path.startsWith('/') ? value.path : '/',
    };
  } catch {
    return null;
  }
}

export function forgetSupportReturn(): void {
  try {
    window.localStorage.removeItem(returnKey);
  } catch {
    // Storage disabled: nothing was kept either.
  }
}

/**
 * Ends the support session on the server (logout of the support token, whatever it answers) and gives the
 * support user his own session back where he left it; without it (another browser, storage cleared), to the
 * login screen.
 */
export async function returnToOwnAccount(): Promise<void> {
  try {
    await api.post('/admin/authentication/logout', undefined, { logoutOn401: false });
  } catch {
    // The support token is dropped locally whatever the server answered.
  }
  const back = supportReturnOf();
  forgetSupportReturn();
  if (back) {
    setToken(back.token);
    hardNavigation.assign(back.path);
  } else {
    clearToken();
    hardNavigation.assign('/login');
  }
}
