import { allPermissions, companyPermissions, ErrorCode, type Permission } from '@mostrador/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../src/plugins/auth.js';
import { type OpenApiDocument, operationsOf } from './fuzz/operations.js';
import { openApiPath } from './fuzz/oracle.js';
import { buildTestApp, call, createEmployee, createLicense, login } from './helpers.js';

/**
 * The permission matrix, generated from the routes' own access rules (`app.routeAccess`): every route
 * but the public ones answers 401 without a valid token; every route that names permissions answers
 * 403 to a user who holds every other permission but not the route's, and lets through one who holds
 * just the route's; the platform's routes answer 403 to a company. The public routes are exactly the
 * ones marked public, and the OpenAPI document lists them with `security: []`.
 */
const t = await buildTestApp();
const routes = t.app.routeAccess.filter((r) => r.method !== 'HEAD' && r.url.startsWith('/v1'));
const key = (r: { method: string; url: string }) => `${r.method} ${openApiPath(r.url).replace(/\/$/, '')}`;
const guarded = routes.filter(
  (r): r is typeof r & { access: Exclude<Access, 'public' | 'authenticated'> } =>
    typeof r.access === 'object',
);

/** The route's URL with every parameter filled: ids that name nothing. */
const urlOf = (url: string) => url.replace(/:\w+/g, '987654');

type Probe = { id: number; token: string; owner: string; code: string; username: string; password: string };
let company: Awaited<ReturnType<typeof createLicense>>;
let platform: Awaited<ReturnType<typeof createLicense>>;
/** One employee in each license whose permission entries each check sets. */
let companyProbe: Probe;
let platformProbe: Probe;
/** A token whose session was ended. */
let loggedOut: string;

async function probeIn(owner: Awaited<ReturnType<typeof createLicense>>): Promise<Probe> {
  const employee = await createEmployee(t, owner.code, owner.token, []);
  return { ...employee, owner: owner.token, code: owner.code };
}

/** The probe now holds exactly these permissions (`can_do`); its token is valid. */
async function holding(probe: Probe, permissions: readonly Permission[]) {
  const res = await call(t, 'PATCH', `/v1/admin/users/${probe.id}`, {
    token: probe.owner,
    payload: { permissions: permissions.map((permission) => ({ scope: 'can_do', permission })) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const info = await call(t, 'GET', '/v1/admin/users/info', { token: probe.token });
  if (info.status === 401) {
    probe.token = await login(t, { license: probe.code, username: probe.username, password: probe.password });
  }
  return probe.token;
}

async function send(route: { method: string; url: string }, headers: Record<string, string>) {
  const res = await t.app.inject({
    method: route.method as 'GET',
    url: urlOf(route.url),
    headers,
    ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
  });
  let body: { error?: { code?: number } } = {};
  try {
    body = res.json();
  } catch {}
  return { status: res.statusCode, code: body.error?.code, text: res.body.slice(0, 300) };
}

beforeAll(async () => {
  company = await createLicense(t);
  platform = await createLicense(t, { platform: true });
  companyProbe = await probeIn(company);
  platformProbe = await probeIn(platform);
  loggedOut = await login(t, { license: company.code, username: 'owner', password: company.password });
  expect((await call(t, 'POST', '/v1/admin/authentication/logout', { token: loggedOut })).status).toBe(200);
}, 60_000);
afterAll(() => t.close());

describe('public routes', () => {
  const doc = t.app.swagger() as unknown as OpenApiDocument;
  const operations = operationsOf(doc);

  it('are exactly the routes marked public: the company log-in, the app configuration, the gateways’ notifications and the public API', () => {
    expect(routes.filter((r) => r.access === 'public').map(key)).toEqual([
      'GET /v1/app-config',
      'POST /v1/admin/authentication/employee-password-login',
      'GET /v1/google/oauth/callback',
      'POST /v1/payments/stripe/webhook/{licenseId}',
      'POST /v1/payments/redsys/notification',
      'GET /v1/public/{licenseCode}/company',
      'GET /v1/public/{licenseCode}/products',
      'GET /v1/public/{licenseCode}/products/{id}/availability',
      'POST /v1/public/{licenseCode}/checkouts',
      'GET /v1/public/{licenseCode}/checkouts/{token}',
      'GET /v1/public/{licenseCode}/bookings/{code}',
      'GET /v1/public/{licenseCode}/bookings/{code}/availability',
      'POST /v1/public/{licenseCode}/bookings/{code}/move',
      'POST /v1/public/{licenseCode}/bookings/{code}/cancel',
      'GET /v1/public/{licenseCode}/files/{id}',
    ]);
  });

  it('are the operations the OpenAPI document lists with `security: []`, and only they', () => {
    const marked = new Set(routes.filter((r) => r.access === 'public').map(key));
    const documented = operations.filter((op) => op.documentedPublic).map((op) => `${op.method} ${op.path}`);
    expect(documented.sort()).toEqual([...marked].sort());
  });

  it('answer without a token', async () => {
    for (const route of routes.filter((r) => r.access === 'public')) {
      const res = await send(route, {});
      expect(res.status, `${key(route)}: ${res.text}`).not.toBe(401);
      expect(res.status, key(route)).toBeLessThan(500);
    }
  });
});

describe('without a valid token', () => {
  const headersOf = () => ({
    'no header': {},
    'an unknown token': { authorization: `Bearer ${'ab'.repeat(32)}` },
    'a malformed token': { authorization: 'Bearer x y' },
    'an empty bearer': { authorization: 'Bearer ' },
    'another scheme': { authorization: 'Basic b3duZXI6cGFzc3dvcmQtMTIzNA==' },
    'an overlong token': { authorization: `Bearer ${'a'.repeat(5000)}` },
    'an ended session': { authorization: `Bearer ${loggedOut}` },
  });
  for (const route of routes.filter((r) => r.access !== 'public')) {
    it(`${key(route)} answers 401`, async () => {
      for (const [what, headers] of Object.entries(headersOf())) {
        const res = await send(route, headers as Record<string, string>);
        expect(res.status, `${what}: ${res.text}`).toBe(401);
        expect(res.code, what).toBe(ErrorCode.unauthenticated);
      }
    });
  }
});

describe('without the route’s permission', () => {
  for (const route of guarded) {
    const { access } = route;
    const needed = 'anyOf' in access ? access.anyOf : access.allOf;
    const title = `${key(route)} (${'anyOf' in access ? 'any of' : 'all of'} ${needed.join(', ')}${access.platform ? ', platform' : ''})`;
    it(`${title}: 403 without it, through with it`, async () => {
      const probe = access.platform ? platformProbe : companyProbe;
      const catalogue = access.platform ? allPermissions : companyPermissions;
      // Every other permission, but none of anyOf / one of allOf missing at a time.
      const missingSets = 'anyOf' in access ? [access.anyOf] : access.allOf.map((p) => [p]);
      for (const missing of missingSets) {
        const token = await holding(
          probe,
          catalogue.filter((p) => !missing.includes(p)),
        );
        const res = await send(route, { authorization: `Bearer ${token}` });
        expect(res.status, `without ${missing.join(', ')}: ${res.text}`).toBe(403);
        expect(res.code).toBe(ErrorCode.forbidden);
      }
      if (access.platform) {
        // A company's owner holds every company permission; the platform's routes are not his.
        const res = await send(route, { authorization: `Bearer ${company.token}` });
        expect(res.status, `company owner: ${res.text}`).toBe(403);
        expect(res.code).toBe(ErrorCode.forbidden);
      }
      // Just the route's permissions (for anyOf, each one alone) pass the guard.
      const enough = 'anyOf' in access ? access.anyOf.map((p) => [p]) : [access.allOf];
      for (const permissions of enough) {
        const token = await holding(probe, permissions);
        const res = await send(route, { authorization: `Bearer ${token}` });
        expect([401, 403], `with ${permissions.join(', ')}: ${res.status} ${res.text}`).not.toContain(
          res.status,
        );
        expect(res.status, res.text).toBeLessThan(500);
      }
    });
  }
});
