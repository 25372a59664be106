import { ErrorCode } from '@mostrador/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../src/plugins/auth.js';
import {
  goodQuery,
  type OpenApiDocument,
  operationsOf,
  queryArbitrary,
  requestArbitrary,
} from './fuzz/operations.js';
import { accessByOperation, type Finding, judgeAnswer } from './fuzz/oracle.js';
import { arbitraryOf, type IdPool } from './fuzz/schema-arbitrary.js';
import {
  type Caller,
  type Company,
  pngImage,
  type Resource,
  resourceOf,
  resourceOfField,
  seedCompany,
  seedPlatform,
} from './fuzz/seed.js';
import { buildTestApp, call } from './helpers.js';

/**
 * Schema-driven fuzz: every operation of the OpenAPI document gets valid, boundary and malformed
 * requests generated from its own schemas, from callers with and without the permission and from
 * another license. Findings: any 5xx, a route passed without a token or without its permission, and
 * another license's record or data in an answer.
 *
 * CI runs FUZZ_RUNS requests per operation (default 8) from the fixed FUZZ_SEED. Locally:
 *   FUZZ_RUNS=500 npx vitest run apps/api/test/fuzz.test.ts
 * and FUZZ_SEED=<n> for another sequence (a finding prints the seed that found it).
 */
const runs = Number(process.env.FUZZ_RUNS ?? 8);
const seed = Number(process.env.FUZZ_SEED ?? 20261126);

const t = await buildTestApp();
const operations = operationsOf(t.app.swagger() as unknown as OpenApiDocument);
const access = accessByOperation(t.app.routeAccess);

let a: Company;
let b: Company;
let platform: Awaited<ReturnType<typeof seedPlatform>>;
let callers: Caller[];
let png: Buffer;
const owners = new Map<string, string>();
const findings: Finding[] = [];
/** Operations whose service answered at least once (not only the guard or the schema's validation). */
const reached = new Set<string>();

beforeAll(async () => {
  png = await pngImage(4, 4);
  a = await seedCompany(t, 'A', png);
  b = await seedCompany(t, 'B', png);
  platform = await seedPlatform(t);
  for (const company of [a, b])
    for (const [resource, ids] of Object.entries(company.ids))
      for (const id of ids) owners.set(`${resource}:${id}`, company.label);
  callers = [
    { name: 'no token', license: null, permissions: new Set(), platform: false, token: null },
    {
      name: 'bad token',
      license: null,
      permissions: new Set(),
      platform: false,
      token: 'not-a-session-token',
    },
    a.owner,
    a.nobody,
    b.owner,
    platform,
  ];
}, 120_000);
afterAll(() => t.close());

const judge = {
  ownerOf: (resource: Resource, id: number) => owners.get(`${resource}:${id}`),
  get markers() {
    return { A: a.marker, B: b.marker };
  },
};

/** The seeded ids a path parameter or a body field may name: both licenses', so each tries the other's. */
const ids: IdPool = (key) => {
  const [path, param] = key.split('#');
  const resource = param !== undefined ? resourceOf(path!, param) : resourceOfField(key);
  if (resource === 'licenses') return [platform.victimLicenseId];
  if (resource) return [...a.ids[resource], ...b.ids[resource]];
  if (param === undefined) return [];
  // A path parameter of a kind the seed does not know: any record id but an employee's.
  return Object.entries({ ...a.ids })
    .filter(([r]) => r !== 'users')
    .flatMap(([r]) => [...a.ids[r as Resource], ...b.ids[r as Resource]]);
};

/** Bodies of both companies that the services accept, by operation. */
function examplesOf(op: (typeof operations)[number]): Record<string, unknown>[] {
  const of = (kind: keyof Company['examples']) => [a.examples[kind], b.examples[kind]];
  const name = `${op.method} ${op.path}`;
  if (/^(POST|PUT) \/v1\/admin\/booking-calendars(\/\{id\})?$/.test(name)) return of('calendar');
  if (/^(POST|PUT) \/v1\/admin\/bookings(\/\{id\})?$/.test(name)) return of('booking');
  if (/^(POST|PUT) \/v1\/admin\/orders(\/\{id\})?$/.test(name)) return of('order');
  return [];
}

/** A 2xx, a missing record, a conflict or a rule of the service: the request got past its schema. */
function reachedService(status: number, body: string, isPublic: boolean) {
  if (status < 300 || status === 404 || status === 409 || status === 422) return true;
  if (status === 401) return isPublic;
  if (status !== 400) return false;
  try {
    return JSON.parse(body).error?.code !== ErrorCode.validation;
  } catch {
    return false;
  }
}

/** Mostly the companies' owners, who pass every guard and reach the handlers; now and then the others. */
const callerArbitrary = (rule: Access) => {
  const platformRoute = typeof rule === 'object' && !!rule.platform;
  const weight = (caller: Caller) => {
    if (caller === platform) return platformRoute ? 8 : 2;
    return caller === a.owner || caller === b.owner ? 4 : 1;
  };
  return fc.oneof(...callers.map((caller) => ({ arbitrary: fc.constant(caller), weight: weight(caller) })));
};

/** Tokens the fuzz ended (logout) or made stale are replaced before the next operation. */
async function refreshTokens() {
  for (const caller of callers) {
    if (!caller.freshToken) continue;
    const res = await call(t, 'GET', '/v1/admin/users/info', { token: caller.token ?? undefined });
    if (res.status === 401) caller.token = await caller.freshToken();
  }
}

function summary(list: Finding[]) {
  const groups = new Map<string, { count: number; first: Finding }>();
  for (const f of list) {
    const key = `${f.kind} ${f.status} ${f.operation}`;
    const group = groups.get(key);
    if (group) group.count++;
    else groups.set(key, { count: 1, first: f });
  }
  return [...groups.entries()].map(
    ([key, { count, first }]) =>
      `${key} ×${count} (seed ${seed})\n    as ${first.caller}: ${first.request}\n    → ${first.answer}`,
  );
}

/**
 * Path parameters that number an item inside the record the path names (a mail's first attachment is 0),
 * not a record of their own: the record decides whose it is.
 */
const positionParams = new Set(['attachmentId']);

/** Every operation whose path names records, with A's first record of each kind in it. */
function withIdsOf(company: Company) {
  const named: { op: (typeof operations)[number]; url: string }[] = [];
  const unknown: string[] = [];
  for (const op of operations) {
    if (!op.pathParams.length) continue;
    const rule = access.get(`${op.method} ${op.path}`);
    if (typeof rule === 'object' && rule.platform) continue;
    // A public route has no calling license (a gateway's webhook names its company; its signature guards it).
    if (rule === 'public') continue;
    let known = true;
    const url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      if (positionParams.has(name)) return '0';
      const resource = resourceOf(op.path, name);
      const id = resource ? company.ids[resource][0] : undefined;
      if (id === undefined) known = false;
      return String(id);
    });
    if (known) named.push({ op, url });
    else unknown.push(`${op.method} ${op.path}`);
  }
  return { named, unknown };
}

/** What A's owner reads of A's records through every GET route that names one. */
async function readingsOf(company: Company) {
  const readings: Record<string, { status: number; body: string }> = {};
  for (const { op, url } of withIdsOf(company).named) {
    if (op.method !== 'GET' || op.queryParams.some((p) => p.required)) continue;
    const res = await t.app.inject({
      method: 'GET',
      url,
      query: goodQuery(op),
      headers: { authorization: `Bearer ${company.owner.token}` },
    });
    readings[url] = { status: res.statusCode, body: res.body };
  }
  return readings;
}

describe('another license’s records', () => {
  it('answer license B as if they did not exist (404) on every route that names one, and stay as they were', async () => {
    const { named, unknown } = withIdsOf(a);
    // A route naming a kind of record the seed does not make: give the seed one and map it in resourceOf.
    expect(unknown).toEqual([]);
    const before = await readingsOf(a);
    const unread = Object.entries(before).filter(([, r]) => r.status !== 200);
    expect(unread.map(([url, r]) => `${url} ${r.status} ${r.body.slice(0, 200)}`)).toEqual([]);
    expect(before[`/v1/admin/customers/${a.ids.customers[0]}`]!.body).toContain(a.marker);
    const idsOfB: IdPool = (key) => {
      const resource = resourceOfField(key);
      return resource ? b.ids[resource] : [];
    };
    const wrong: string[] = [];
    for (const { op, url } of named) {
      const [payload] = op.body
        ? fc.sample(arbitraryOf(op.body, { hostile: false, ids: idsOfB }), { seed, numRuns: 1 })
        : [];
      const [query] = fc.sample(queryArbitrary(op, false, idsOfB), { seed, numRuns: 1 });
      const ask = (path: string) =>
        t.app.inject({
          method: op.method,
          url: path,
          query: query as Record<string, string>,
          headers: { authorization: `Bearer ${b.owner.token}` },
          ...(payload !== undefined ? { payload: payload as object } : {}),
        });
      // The same request on ids that exist nowhere: A's record must answer exactly as if it did not exist.
      const nowhere = await ask(
        op.path.replace(/\{(\w+)\}/g, (_, name: string) => (positionParams.has(name) ? '0' : '2147483000')),
      );
      const res = await ask(url);
      const codeOf = (body: string) => JSON.parse(body).error?.code as number | undefined;
      const sameAsNowhere =
        res.statusCode === nowhere.statusCode && codeOf(res.body) === codeOf(nowhere.body);
      // Without a body or a required query nothing but the record can fail: that is a 404.
      const plain = !op.body && !op.queryParams.some((p) => p.required);
      if (
        !sameAsNowhere ||
        (plain && res.statusCode !== 404) ||
        res.statusCode < 400 ||
        res.body.includes(a.marker)
      )
        wrong.push(
          `${op.method} ${url} → ${res.statusCode} ${res.body.slice(0, 200)} (an unknown id: ${nowhere.statusCode} ${nowhere.body.slice(0, 120)})`,
        );
    }
    expect(wrong).toEqual([]);
    expect(await readingsOf(a)).toEqual(before);
  });

  it('never show up in license B’s lists', async () => {
    const lists = operations.filter(
      (op) => op.method === 'GET' && !op.pathParams.length && op.listFields.length,
    );
    expect(lists.length).toBeGreaterThan(8);
    for (const op of lists) {
      const rule = access.get(`GET ${op.path}`);
      if (typeof rule === 'object' && rule.platform) continue;
      const [query] = fc.sample(
        queryArbitrary(op, false, () => []),
        { seed, numRuns: 1 },
      );
      const required = Object.fromEntries(
        Object.entries(query as Record<string, string>).filter(
          ([k]) => op.queryParams.find((p) => p.name === k)?.required,
        ),
      );
      const mine = await call(t, 'GET', op.path, {
        token: b.owner.token!,
        query: { ...required, limit: '500' },
      });
      const theirs = await call(t, 'GET', op.path, {
        token: a.owner.token!,
        query: { ...required, limit: '500' },
      });
      expect(mine.status, op.path).toBe(200);
      expect(theirs.status, op.path).toBe(200);
      expect(JSON.stringify(mine.body), op.path).not.toContain(a.marker);
      expect(JSON.stringify(theirs.body), op.path).not.toContain(b.marker);
    }
  });
});

describe(`fuzz: ${runs} requests per operation, seed ${seed}`, () => {
  it('covers every operation of the document, each with its access rule', () => {
    expect(operations.length).toBeGreaterThan(50);
    const missing = operations.filter((op) => !access.has(`${op.method} ${op.path}`));
    expect(missing.map((op) => `${op.method} ${op.path}`)).toEqual([]);
  });

  for (const op of operations) {
    const name = `${op.method} ${op.path}`;
    it(`${name}: no 5xx, no route passed without its right, no other license's data`, async () => {
      const rule = access.get(name)!;
      const found: Finding[] = [];
      const endsSession = op.path.endsWith('/logout');
      await fc.assert(
        fc.asyncProperty(
          requestArbitrary(op, ids, png, examplesOf(op)),
          callerArbitrary(rule),
          async (req, caller) => {
            const token = endsSession && caller.freshToken ? await caller.freshToken() : caller.token;
            const headers = { ...req.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) };
            const res = await t.app.inject({
              method: req.method,
              url: req.url,
              query: req.query,
              payload: req.payload as string | Buffer | undefined,
              headers,
              // Its own address: the log-in route's fuzz fills the throttle of this one, not of the
              // address the callers' own log-ins come from.
              remoteAddress: '127.0.0.9',
            });
            if (reachedService(res.statusCode, res.body, rule === 'public')) reached.add(name);
            found.push(
              ...judgeAnswer(op, rule, caller, req, { status: res.statusCode, body: res.body }, judge),
            );
          },
        ),
        // Uploads are cheap and their malformed bodies many: a few more of them.
        { seed, numRuns: op.multipart ? Math.max(runs, 40) : runs, endOnFailure: true },
      );
      await refreshTokens();
      findings.push(...found);
      expect(summary(found), `${found.length} findings`).toEqual([]);
    });
  }

  it('got past the schemas to the services of most operations (the inputs are not all refused)', () => {
    const unreached = operations.map((op) => `${op.method} ${op.path}`).filter((n) => !reached.has(n));
    console.log(`services not reached:\n${unreached.join('\n')}`);
    expect(unreached.length, unreached.join('\n')).toBeLessThan(operations.length / 5);
  });
});
