import { formatCents, type Language } from '@mostrador/contract';
import { escapeHtml, oneLine } from '../mails/templates/format.js';
import { labelled, type MailKey, t } from '../mails/templates/i18n.js';

/**
 * The small public pages a customer sees around a payment link (`/pay/{token}`), as pure functions:
 * data in, a complete HTML document out, in the customer's language (texts `payPage.*` of the mail
 * catalogues). Each page is self-contained: one inline `<style>`, inline SVG icons, the logo only as a
 * `data:` URL, no `style` attributes, no external resource; the only script is the redirect page's
 * nonce'd auto-submit. A route serving them needs `style-src 'unsafe-inline'` and `img-src data:` in
 * its Content-Security-Policy; the redirect page also `script-src 'nonce-…'` and a `form-action`
 * allowing the gateway's origin.
 */

export type PaymentPageKind = 'paid' | 'processing' | 'failed' | 'unavailable' | 'not_found' | 'redirect';

export interface PaymentPageData {
  language: Language;
  companyName: string;
  /** The company's logo as a `data:image/…;base64,…` URL; anything else is left out. */
  logoDataUrl?: string | null;
  orderCode?: number;
  totalCents?: number;
  /** '/pay/<token>': where the failed page's button tries again (a path of this site only). */
  retryPath?: string;
  /** A reason to show (e.g. the gateway's failure reason), plain text. */
  reason?: string | null;
}

export interface RedirectPageData extends PaymentPageData {
  /** The gateway's payment URL the form posts to (http or https). */
  action: string;
  /** The form's fields, sent as hidden inputs. */
  fields: Record<string, string>;
  /** The nonce of the page's Content-Security-Policy, put on the auto-submit script. */
  nonce: string;
}

const texts: Record<PaymentPageKind, { title: MailKey; text: MailKey }> = {
  paid: { title: 'payPage.paid.title', text: 'payPage.paid.text' },
  processing: { title: 'payPage.processing.title', text: 'payPage.processing.text' },
  failed: { title: 'payPage.failed.title', text: 'payPage.failed.text' },
  unavailable: { title: 'payPage.unavailable.title', text: 'payPage.unavailable.text' },
  not_found: { title: 'payPage.notFound.title', text: 'payPage.notFound.text' },
  redirect: { title: 'payPage.redirect.title', text: 'payPage.redirect.text' },
};

const svg = (body: string, className = '') =>
  `<svg${className ? ` class="${className}"` : ''} viewBox="0 0 24 24" width="40" height="40" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${body}</svg>`;

/** Each kind's icon and its colour (a class of the style sheet). */
const icons: Record<PaymentPageKind, { tone: string; svg: string }> = {
  paid: { tone: 'ok', svg: svg('<path d="M5 12.5l4.5 4.5L19 7.5"/>') },
  processing: {
    tone: 'wait',
    svg: svg('<circle cx="12" cy="12" r="9" opacity=".25"/><path d="M21 12a9 9 0 0 0-9-9"/>', 'spin'),
  },
  failed: { tone: 'bad', svg: svg('<path d="M7 7l10 10M17 7L7 17"/>') },
  unavailable: { tone: 'warn', svg: svg('<path d="M12 6.5v7"/><path d="M12 17.5h.01"/>') },
  not_found: {
    tone: 'none',
    svg: svg('<path d="M9.2 9a2.9 2.9 0 0 1 5.6 1c0 2-2.8 2.6-2.8 4"/><path d="M12 18h.01"/>'),
  },
  redirect: {
    tone: 'wait',
    svg: svg(
      '<rect x="5" y="11" width="14" height="10" rx="2"/><path d="M8.5 11V7.5a3.5 3.5 0 0 1 7 0V11"/>',
    ),
  },
};

const style = `*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px 16px;background:#f3f4f6;color:#1f2937;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,Arial,'PingFang SC','Microsoft YaHei',sans-serif}
.card{width:100%;max-width:440px;background:#fff;border-radius:16px;box-shadow:0 1px 3px rgba(0,0,0,.08),0 10px 30px rgba(0,0,0,.06);padding:28px 28px 32px;text-align:center}
.brand{display:flex;flex-direction:column;align-items:center;gap:8px;margin:0 0 24px;padding:0 0 20px;border-bottom:1px solid #e5e7eb}
.brand img{display:block;max-height:56px;max-width:200px;width:auto;height:auto}
.brand .name{font-size:17px;font-weight:600;line-height:1.3;overflow-wrap:anywhere}
.icon{width:76px;height:76px;border-radius:50%;margin:0 auto 20px;display:flex;align-items:center;justify-content:center}
.icon.ok{background:#dcfce7;color:#15803d}
.icon.wait{background:#dbeafe;color:#1d4ed8}
.icon.bad{background:#fee2e2;color:#b91c1c}
.icon.warn{background:#fef3c7;color:#b45309}
.icon.none{background:#f3f4f6;color:#4b5563}
h1{margin:0 0 12px;font-size:22px;line-height:1.3;font-weight:700;overflow-wrap:anywhere}
.lead{margin:0 0 20px;color:#4b5563}
.facts{margin:0 0 20px;padding:14px 16px;background:#f9fafb;border:1px solid #e5e7eb;border-radius:12px;text-align:left}
.facts div{display:flex;justify-content:space-between;align-items:baseline;gap:16px;padding:4px 0}
.facts dt{color:#6b7280}
.facts dd{margin:0;font-weight:600;text-align:right;overflow-wrap:anywhere}
.facts .amount{font-size:20px;white-space:nowrap}
.reason{margin:0 0 20px;padding:10px 14px;border-radius:10px;background:#fef2f2;color:#991b1b;font-size:14px;text-align:left;overflow-wrap:anywhere}
form{margin:0}
.button{display:block;width:100%;margin:0;padding:14px 20px;border:0;border-radius:10px;background:#1d4ed8;color:#fff;font:inherit;font-weight:600;line-height:1.3;text-align:center;text-decoration:none;cursor:pointer}
.button:hover{background:#1e40af}
.button:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}
.button.secondary{background:#fff;color:#1d4ed8;border:1px solid #bfdbfe}
.button.secondary:hover{background:#eff6ff}
.spin{animation:spin 1s linear infinite;transform-origin:50% 50%}
@keyframes spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.spin{animation:none}}
@media (max-width:480px){body{padding:0;align-items:stretch}.card{border-radius:0;box-shadow:none;padding:24px 20px 28px}}`;

/** A `data:image/…;base64,…` URL, or null: a page loads nothing from elsewhere. */
function safeLogo(url: string | null | undefined): string | null {
  if (!url) return null;
  return /^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/]+=*$/i.test(url) ? url : null;
}

/** A path of this site ('/pay/…'), never another origin ('//host', '/\host', 'https:…'). */
function sitePath(path: string): string {
  if (!/^\/(?![/\\])/.test(path) || /[\s\\]/.test(path)) throw new Error(`not a path of this site: ${path}`);
  return path;
}

/** The page around a card: `title`, the company, the icon, the text, the facts and `actions`. */
function page(
  kind: PaymentPageKind,
  data: PaymentPageData,
  options: { head?: string; actions?: string; after?: string; texts?: { title: string; text: string } } = {},
): string {
  const { language } = data;
  const title = options.texts?.title ?? t(language, texts[kind].title);
  const company = oneLine(data.companyName);
  const logo = safeLogo(data.logoDataUrl);
  const icon = icons[kind];

  const brand =
    logo || company
      ? `<header class="brand">${logo ? `<img src="${escapeHtml(logo)}" alt="${escapeHtml(company)}">` : ''}${company ? `<div class="name">${escapeHtml(company)}</div>` : ''}</header>`
      : '';
  const facts: string[] = [];
  if (data.orderCode !== undefined) {
    facts.push(
      `<div><dt>${escapeHtml(t(language, 'payPage.order'))}</dt><dd>${escapeHtml(String(data.orderCode))}</dd></div>`,
    );
  }
  if (data.totalCents !== undefined) {
    facts.push(
      `<div><dt>${escapeHtml(t(language, 'payPage.amount'))}</dt><dd class="amount">${escapeHtml(formatCents(data.totalCents))}</dd></div>`,
    );
  }
  const reason = oneLine(data.reason ?? '');

  return `<!DOCTYPE html>
<html lang="${escapeHtml(language)}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="color-scheme" content="light">
${options.head ?? ''}<title>${escapeHtml(company ? `${title} — ${company}` : title)}</title>
<style>
${style}
</style>
</head>
<body>
<main class="card">
${brand}
<div class="icon ${icon.tone}">${icon.svg}</div>
<h1>${escapeHtml(title)}</h1>
<p class="lead">${escapeHtml(options.texts?.text ?? t(language, texts[kind].text))}</p>
${facts.length ? `<dl class="facts">${facts.join('')}</dl>\n` : ''}${reason ? `<p class="reason">${escapeHtml(labelled(language, t(language, 'payPage.reason'), reason))}</p>\n` : ''}${options.actions ?? ''}
</main>
${options.after ?? ''}</body>
</html>
`;
}

/**
 * A payment's outcome page: `paid` (payment received), `processing` (the gateway has not confirmed it
 * yet: the page reloads itself every 5 seconds, and a button reloads it now), `failed` (with a button to
 * `retryPath` when given), `unavailable` (the order no longer awaits payment or online payment is off:
 * contact the company), `not_found` (the link is not valid). `redirect` shows only the hand-off's text:
 * its form comes from `renderRedirectPage`.
 */
export function renderPaymentPage(kind: PaymentPageKind, data: PaymentPageData): string {
  const { language } = data;
  if (kind === 'processing') {
    return page(kind, data, {
      head: '<meta http-equiv="refresh" content="5">\n',
      actions: `<a class="button secondary" href="">${escapeHtml(t(language, 'payPage.processing.reload'))}</a>`,
    });
  }
  if (kind === 'failed' && data.retryPath) {
    return page(kind, data, {
      actions: `<a class="button" href="${escapeHtml(sitePath(data.retryPath))}">${escapeHtml(t(language, 'payPage.failed.retry'))}</a>`,
    });
  }
  return page(kind, data);
}

/**
 * A page of the same look with a text of the caller's (plain text, already in `data.language`), the
 * `not_found` kind's icon: the booking link's page for a code that is not valid (modules/public).
 */
export function renderNotFoundPage(data: PaymentPageData, message: { title: string; text: string }): string {
  return page('not_found', data, { texts: message });
}

/**
 * The hand-off to a gateway that takes a form (Redsys): the fields as hidden inputs POSTed to `action`,
 * sent at once by an inline script carrying `nonce`, and a visible button that sends them without script.
 */
export function renderRedirectPage(data: RedirectPageData): string {
  if (!/^https?:\/\/[^\s/?#\\]+/i.test(data.action)) throw new Error(`not a gateway URL: ${data.action}`);
  if (!data.nonce) throw new Error('a nonce is required');
  const inputs = Object.entries(data.fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  return page('redirect', data, {
    actions: `<form id="pay" method="post" action="${escapeHtml(data.action)}">
${inputs}
<button class="button" type="submit">${escapeHtml(t(data.language, 'payPage.redirect.continue'))}</button>
</form>`,
    after: `<script nonce="${escapeHtml(data.nonce)}">document.getElementById('pay').submit();</script>\n`,
  });
}
