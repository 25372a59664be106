import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode } from '@mostrador/contract';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appVersion } from '../src/app.js';
import { loginPageModule } from '../src/plugins/login-page-html.js';
import { buildTestApp, call, type TestApp } from './helpers.js';

let t: TestApp;
let branded: TestApp;
let withWeb: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  branded = await buildTestApp({ env: { BRAND_HOST: 'brand.example.test', BRAND_COLOR: '#AA3300' } });
  // A stand-in for the built web app: its index page and one hashed asset.
  const web = mkdtempSync(path.join(os.tmpdir(), 'mostrador-web-'));
  mkdirSync(path.join(web, 'assets'));
  writeFileSync(
    path.join(web, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/main-abc.js"></script></head><body></body></html>',
  );
  writeFileSync(path.join(web, 'assets', 'main-abc.js'), 'console.log(1)');
  // Its Vite manifest: the entry, and the login screen's chunk with a library of its own and one it
  // shares with the entry.
  mkdirSync(path.join(web, '.vite'));
  writeFileSync(
    path.join(web, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/main-abc.js', isEntry: true, imports: ['_react-r1.js'] },
      '_react-r1.js': { file: 'assets/react-r1.js' },
      '_form-f1.js': { file: 'assets/form-f1.js', imports: ['_react-r1.js'] },
      [loginPageModule]: { file: 'assets/login-page-l1.js', imports: ['_form-f1.js', '_react-r1.js'] },
    }),
  );
  withWeb = await buildTestApp({ env: { WEB_DIST_DIR: web } });
});
afterAll(async () => {
  await t?.close();
  await branded?.close();
  await withWeb?.close();
});

/** A CSP header as its directives: name → sources. */
function directives(header: unknown): Record<string, string[]> {
  expect(typeof header, 'content-security-policy').toBe('string');
  return Object.fromEntries(
    (header as string)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** The `/v1` routes the app must serve and document, as OpenAPI paths with their methods. */
const v1Routes: Record<string, string[]> = {
  '/v1/app-config': ['get'],
  '/v1/admin/authentication/employee-password-login': ['post'],
  '/v1/admin/authentication/logout': ['post'],
  '/v1/admin/users/info': ['get', 'patch'],
  '/v1/admin/users': ['get', 'post'],
  '/v1/admin/users/{id}': ['delete', 'get', 'patch'],
  '/v1/admin/settings': ['get', 'put'],
  '/v1/admin/settings/uiConfig': ['patch'],
  '/v1/admin/taxes': ['get', 'post'],
  '/v1/admin/taxes/{id}': ['delete', 'get', 'put'],
  '/v1/admin/customFields': ['get', 'post'],
  '/v1/admin/customFields/order': ['put'],
  '/v1/admin/customFields/{id}': ['delete', 'put'],
  '/v1/admin/products': ['get', 'post'],
  '/v1/admin/products/{id}': ['delete', 'get', 'put'],
  '/v1/admin/products/{id}/translations': ['get', 'patch', 'put'],
  '/v1/admin/suppliers': ['get', 'post'],
  '/v1/admin/suppliers/{id}': ['delete', 'get', 'put'],
  '/v1/admin/suppliers/{id}/activate': ['post'],
  '/v1/admin/suppliers/{id}/deactivate': ['post'],
  '/v1/admin/reports/supplier-settlement': ['get'],
  '/v1/admin/subscriptions': ['get', 'post'],
  '/v1/admin/subscriptions/{id}': ['delete', 'get', 'put'],
  '/v1/admin/subscriptions/{id}/activate': ['post'],
  '/v1/admin/subscriptions/{id}/cancel': ['post'],
  '/v1/admin/booking-calendars': ['get', 'post'],
  '/v1/admin/booking-calendars/{id}': ['delete', 'get', 'put'],
  '/v1/admin/booking-calendars/{id}/schedule-anomalies': ['get', 'post'],
  '/v1/admin/booking-calendars/{id}/schedule-anomalies/{anomalyId}': ['delete'],
};

/**
 * The `/v1` routes Fastify serves, read from `printRoutes` (a tree, one route a line, children indented
 * by four characters), as OpenAPI paths with their methods, HEAD left out.
 */
function servedV1Routes(app: TestApp['app']): Record<string, string[]> {
  const served: Record<string, string[]> = {};
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([^)]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const path = (stack[depth - 1] ?? '') + m[2]!;
    stack[depth] = path;
    const methods = (m[3] ?? '').split(', ').filter((x) => x && x !== 'HEAD');
    if (!path.startsWith('/v1') || !methods.length) continue;
    const openApiPath = path.replace(/:(\w+)/g, '{$1}');
    served[openApiPath] = [...(served[openApiPath] ?? []), ...methods.map((x) => x.toLowerCase())].sort();
  }
  return served;
}

describe('health', () => {
  it('answers 200 {status: ok} when the database answers', async () => {
    const res = await call(t, 'GET', '/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });
});

describe('unknown paths', () => {
  it('answer 404 in the error envelope under /v1', async () => {
    for (const [method, url] of [
      ['GET', '/v1/nothing-here'],
      ['POST', '/v1/admin/nothing'],
      ['DELETE', '/v1/admin/taxes'],
    ] as const) {
      const res = await call(t, method, url);
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toEqual({ error: { code: ErrorCode.notFound, message: expect.any(String) } });
    }
  });

  it("answer the router's own refusals in the error envelope: a bad URL encoding, an overlong parameter", async () => {
    for (const [url, status] of [
      ['/v1/admin/customers/%E0%A4%A', 400],
      [`/v1/admin/customers/${'9'.repeat(200)}`, 414],
    ] as const) {
      const res = await call(t, 'GET', url);
      expect(res.status, url).toBe(status);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.body.error.code, url).toBe(ErrorCode.validation);
      expect(res.body.error.details, url).toEqual([{ field: 'url', message: expect.any(String) }]);
    }
  });

  it('answer 404 JSON for any path when no web app is built', async () => {
    const res = await call(t, 'GET', '/some/page');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe(ErrorCode.notFound);
  });
});

describe('API docs', () => {
  it('describe every /v1 route in OpenAPI 3.1', async () => {
    const res = await call(t, 'GET', '/docs/json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.info).toMatchObject({ title: 'Mostrador API', version: appVersion });
    const paths = res.body.paths as Record<string, Record<string, unknown>>;
    const documented = Object.fromEntries(
      Object.entries(paths)
        .filter(([path]) => path.startsWith('/v1'))
        .map(([path, operations]) => [path, Object.keys(operations).sort()]),
    );
    expect(documented).toMatchObject(v1Routes);
    // Nothing served is left out of the docs, nothing documented is not served.
    const served = servedV1Routes(t.app);
    expect(Object.keys(served).length).toBeGreaterThanOrEqual(Object.keys(v1Routes).length);
    expect(documented).toEqual(served);
    expect(Object.keys(paths)).not.toContain('/health');
  });

  it('list only routes the app really serves', () => {
    for (const [path, methods] of Object.entries(v1Routes)) {
      for (const method of methods) {
        const url = path.replace(/\{(\w+)\}/g, ':$1');
        expect(t.app.hasRoute({ method: method.toUpperCase() as HTTPMethods, url }), `${method} ${url}`).toBe(
          true,
        );
      }
    }
    expect(t.app.hasRoute({ method: 'GET', url: '/v1/admin/nothing' })).toBe(false);
  });

  it('document the request schemas and the bearer security', async () => {
    const doc = (await call(t, 'GET', '/docs/json')).body;
    expect(doc.components.securitySchemes.bearer).toEqual({ type: 'http', scheme: 'bearer' });
    const listTaxes = doc.paths['/v1/admin/taxes'].get;
    expect(listTaxes.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['query', 'filters', 'orders', 'page', 'limit']),
    );
    expect(doc.paths['/v1/admin/taxes'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['name', 'percentage']),
    );
  });

  it('give every operation a unique operationId, a real summary, a tag and its 4xx answers', async () => {
    const doc = (await call(t, 'GET', '/docs/json')).body;
    expect(doc.components.schemas.ErrorBody).toMatchObject({
      type: 'object',
      required: ['error'],
      properties: { error: { required: ['code', 'message'] } },
    });
    const ids = new Set<string>();
    const without4xx: string[] = [];
    let operations = 0;
    // biome-ignore lint/suspicious/noExplicitAny: the test reads whatever JSON the document holds
    for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(methods)) {
        operations++;
        const what = `${method} ${path}`;
        expect(op.operationId, what).toMatch(/^(get|post|put|patch|delete)[A-Z][A-Za-z0-9]*$/);
        expect(ids.has(op.operationId), `${what}: ${op.operationId} twice`).toBe(false);
        ids.add(op.operationId);
        expect(op.summary, what).toEqual(expect.any(String));
        // A summary written for the route, not the transform's fallback.
        expect(op.summary, what).not.toBe(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
        expect(op.tags, what).toEqual([expect.any(String)]);
        const errors = Object.keys(op.responses).filter((status) => /^4\d\d$/.test(status));
        if (!errors.length) without4xx.push(op.operationId);
        for (const status of errors)
          expect(op.responses[status].content['application/json'].schema, `${what} ${status}`).toEqual({
            $ref: '#/components/schemas/ErrorBody',
          });
      }
    }
    expect(operations).toBeGreaterThanOrEqual(60);
    // Only the public configuration, which takes no input, cannot fail with a 4xx.
    expect(without4xx).toEqual(['getAppConfig']);
    const op = (path: string, method: string) => doc.paths[path][method];
    expect(op('/v1/admin/orders', 'get').operationId).toBe('getAdminOrders');
    expect(op('/v1/admin/orders/{id}/refund', 'post').operationId).toBe('postAdminOrdersIdRefund');
    expect(Object.keys(op('/v1/admin/orders/{id}', 'put').responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
    ]);
    // Public operations need no token; the login documents its throttle.
    const login = op('/v1/admin/authentication/employee-password-login', 'post');
    expect(login.security).toEqual([]);
    expect(Object.keys(login.responses).sort()).toEqual(['200', '400', '429']);
    expect(op('/v1/app-config', 'get').security).toEqual([]);
    expect(op('/v1/admin/taxes', 'get').security).toBeUndefined();
    expect(doc.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(op('/v1/admin/files', 'post').responses).sort()).toEqual(['201', '400', '401', '413']);
  });

  it('serve a browsable HTML page at /docs', async () => {
    let res = await t.app.inject({ method: 'GET', url: '/docs' });
    for (let hops = 0; hops < 5 && res.statusCode >= 300 && res.statusCode < 400; hops++) {
      const location = res.headers.location as string;
      res = await t.app.inject({ method: 'GET', url: new URL(location, 'http://localhost/docs').pathname });
    }
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toMatch(/swagger/i);
  });
});

describe('security headers', () => {
  const everyAnswer = (headers: Record<string, unknown>, what: string) => {
    expect(headers['x-content-type-options'], what).toBe('nosniff');
    expect(headers['referrer-policy'], what).toBe('no-referrer');
  };

  it('give every HTML page of the web app a policy: scripts of our origin only, no framing', async () => {
    for (const url of ['/', '/orders/12', '/index.html']) {
      const res = await withWeb.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      everyAnswer(res.headers, url);
      const csp = directives(res.headers['content-security-policy']);
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['base-uri']).toEqual(["'self'"]);
      // Ant Design's CSS-in-JS needs inline styles; inline scripts stay forbidden.
      expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
    const asset = await withWeb.app.inject({ method: 'GET', url: '/assets/main-abc.js' });
    expect(asset.statusCode).toBe(200);
    everyAnswer(asset.headers, 'asset');
  });

  it('/login names the login screen’s own chunks to fetch with the entry; other pages do not', async () => {
    for (const url of ['/login', '/login/', '/login?next=%2Forders']) {
      const res = await withWeb.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(directives(res.headers['content-security-policy'])['script-src'], url).toEqual(["'self'"]);
      const preloads = [...res.body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
        (m) => m[1],
      );
      // The entry's own imports are the entry's to name: only what the login adds.
      expect(preloads, url).toEqual(['/assets/login-page-l1.js', '/assets/form-f1.js']);
      expect(res.body, url).toContain('<script type="module" src="/assets/main-abc.js"></script>');
    }
    for (const url of ['/', '/orders/12', '/login/a-support-token']) {
      const res = await withWeb.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('modulepreload');
    }
  });

  it('give the docs page its own policy, and every API answer, error or not, a sandbox', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(docs.statusCode).toBe(200);
    everyAnswer(docs.headers, '/docs');
    const csp = directives(docs.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    for (const [method, url, status] of [
      ['GET', '/v1/app-config', 200],
      ['GET', '/v1/admin/taxes', 401],
      ['GET', '/v1/nothing-here', 404],
      ['GET', '/health', 200],
      ['GET', '/docs/json', 200],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(status);
      everyAnswer(res.headers, url);
      const sandbox = directives(res.headers['content-security-policy']);
      expect(sandbox['default-src'], url).toEqual(["'none'"]);
      expect(sandbox, url).toHaveProperty('sandbox');
      expect(sandbox['frame-ancestors'], url).toEqual(["'none'"]);
    }
  });
});

describe('app-config', () => {
  it('answers the name, the version and no brand', async () => {
    const res = await call(t, 'GET', '/v1/app-config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { appName: 'Mostrador', version: appVersion, brand: null } });
    expect(appVersion).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('answers the brand, in Spanish, on the branded host only', async () => {
    const get = async (host: string) =>
      (await branded.app.inject({ method: 'GET', url: '/v1/app-config', headers: { host } })).json().data;
    const expected = { primaryColor: '#AA3300', logoUrl: null, language: 'es' };
    expect((await get('brand.example.test')).brand).toEqual(expected);
    expect((await get('Brand.Example.Test:8443')).brand).toEqual(expected);
    expect((await get('other.example.test')).brand).toBeNull();
    expect((await get('brand.example.test.evil.test')).brand).toBeNull();
    expect((await get('localhost:3000')).brand).toBeNull();
  });

  it('answers no brand on any host when BRAND_HOST is unset', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/app-config',
      headers: { host: 'brand.example.test' },
    });
    expect(res.json().data.brand).toBeNull();
  });
});
