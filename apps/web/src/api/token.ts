const tokenKey = 'mostrador.token';

export function getToken(): string | null {
  try {
    return window.localStorage.getItem(tokenKey);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  window.localStorage.setItem(tokenKey, token);
}

export function clearToken(): void {
  try {
    window.localStorage.removeItem(tokenKey);
  } catch {
    // Storage disabled: nothing was stored either.
  }
}
