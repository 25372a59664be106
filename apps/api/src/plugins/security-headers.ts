import type { FastifyInstance } from 'fastify';

const policy = (directives: Record<string, string>) =>
  Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');

/**
 * The web app's pages: scripts only from our own origin (the built app has no inline script), styles
 * from our origin plus inline ones (Ant Design writes its CSS-in-JS into `<style>` elements and `style`
 * attributes), images also from `blob:` (uploaded images are fetched with the bearer token and shown
 * as object URLs) and `data:`; nobody may frame it.
 */
export const appPolicy = policy({
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data: blob:",
  'font-src': "'self' data:",
  'connect-src': "'self'",
  'worker-src': "'self' blob:",
  'object-src': "'none'",
  'base-uri': "'self'",
  'form-action': "'self'",
  'frame-ancestors': "'none'",
});

/**
 * The /docs Swagger UI: its scripts are files of our origin too, but it styles with inline `style`
 * attributes and shows data: and its SVG icons; it is not framed either.
 */
export const docsPolicy = policy({
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data:",
  'connect-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'self'",
  'form-action': "'self'",
  'frame-ancestors': "'none'",
});

/**
 * Everything else (JSON, uploaded files, resized images): no content of the answer may run or load
 * anything, and opened directly it is a sandboxed document of a unique origin — an uploaded SVG or
 * HTML file never runs scripts in the app's origin.
 */
export const sandboxPolicy = policy({
  'default-src': "'none'",
  'frame-ancestors': "'none'",
  sandbox: '',
}).trim();

function isHtml(contentType: unknown): boolean {
  return typeof contentType === 'string' && /^\s*text\/html\b/i.test(contentType);
}

/**
 * Headers on every answer: `nosniff` and a referrer policy; a Content-Security-Policy on HTML pages
 * (the app's, or the docs') and on API answers (the sandbox); `X-Frame-Options` for old browsers.
 * The web app's own assets (JS, CSS) get no CSP: a policy on a script file means nothing, and on a
 * worker script it would be that worker's policy.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    if (reply.hasHeader('content-security-policy')) return payload;
    const path = request.url.split('?', 1)[0]!;
    if (isHtml(reply.getHeader('content-type'))) {
      const docs = path === '/docs' || path.startsWith('/docs/');
      reply.header('content-security-policy', docs ? docsPolicy : appPolicy);
      reply.header('x-frame-options', 'DENY');
    } else if (path.startsWith('/v1/') || path.startsWith('/docs/') || path === '/health') {
      reply.header('content-security-policy', sandboxPolicy);
    }
    return payload;
  });
}
