export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

const oneYearSeconds = 365 * 24 * 60 * 60;

/** A site-wide cookie kept for a year. */
export function writeCookie(name: string, value: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the language must be readable before any script state exists
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${oneYearSeconds}; SameSite=Lax`;
}
