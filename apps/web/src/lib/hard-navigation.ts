/** Full page loads (after login, logout, an expired session); an object so tests can replace it. */
export const hardNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
  /** Without a history entry, e.g. to leave a URL that carried a token. */
  replace(url: string): void {
    window.location.replace(url);
  },
};
