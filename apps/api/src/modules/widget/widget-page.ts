import { isLanguage, type Language, type PublicCompany } from '@mostrador/contract';

/*
 * The booking widget's page (issue 20) as pure functions: which language it opens in, its
 * Content-Security-Policy, and the built HTML template filled with what the app needs. The app reads
 * it from attributes of <html> (no inline script), so the policy stays `script-src 'self'`.
 */

/**
 * The language the widget opens in: `lang` if the company offers it, else the browser's first offered
 * language (Accept-Language, by its weights; `es-ES` counts as `es`), else the company's main language.
 */
export function widgetLanguage(
  company: Pick<PublicCompany, 'languages' | 'mainLanguage'>,
  lang: string | undefined,
  acceptLanguage: string | undefined,
): Language {
  const offered = (l: string | undefined): l is Language =>
    isLanguage(l) && company.languages.includes(l as Language);
  const asked = lang?.trim().toLowerCase();
  if (offered(asked)) return asked;
  const wanted = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { language: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((w) => w.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const w of wanted) if (offered(w.language)) return w.language;
  return company.mainLanguage;
}

/** The origin of an address, or null (no address, not one, or an opaque origin). */
export function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const { origin, protocol } = new URL(url);
    return origin !== 'null' && (protocol === 'https:' || protocol === 'http:') ? origin : null;
  } catch {
    return null;
  }
}

/**
 * The widget page's policy: only its own scripts, styles and API (same origin); images also from
 * `data:` and from the server's public address (the logo and product images are addressed from
 * PUBLIC_URL, which behind a proxy need not be the origin the page was asked on); no form, no base;
 * framed only by the server itself (the settings' preview) and the company's configured sites.
 */
export function widgetPolicy(frameOrigins: readonly string[], publicUrl: string): string {
  const publicOrigin = originOf(publicUrl);
  const images = ["'self'", 'data:', ...(publicOrigin ? [publicOrigin] : [])];
  const ancestors = ["'self'", ...new Set(frameOrigins)];
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src ${[...new Set(images)].join(' ')}`,
    "connect-src 'self'",
    `frame-ancestors ${ancestors.join(' ')}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The built template (apps/widget's `index.html`) filled in: `{{lang}}`, `{{title}}`, `{{license}}`
 * and `{{company}}` (the public company as JSON), each escaped for where it stands.
 */
export function widgetHtml(
  template: string,
  data: { language: Language; licenseCode: string; company: PublicCompany },
): string {
  const values: Record<string, string> = {
    lang: data.language,
    title: data.company.name || 'Mostrador',
    license: data.licenseCode,
    company: JSON.stringify(data.company),
  };
  return template.replace(/\{\{(lang|title|license|company)\}\}/g, (_, key: string) =>
    escapeAttribute(values[key] ?? ''),
  );
}
