import type { Access, RouteAccess } from '../../src/plugins/auth.js';
import type { FuzzRequest, Operation } from './operations.js';
import { type Caller, type Resource, resourceOf, resourceOfField } from './seed.js';

/** An OpenAPI path for a Fastify URL: `/users/:id` → `/users/{id}`. */
export const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** Each route's access rule by `METHOD /openapi/path`. */
export function accessByOperation(routes: readonly RouteAccess[]): Map<string, Access> {
  const map = new Map<string, Access>();
  for (const route of routes) {
    if (route.method === 'HEAD' || !route.url.startsWith('/v1')) continue;
    map.set(`${route.method} ${openApiPath(route.url).replace(/\/$/, '')}`, route.access);
  }
  return map;
}

/** Whether the caller may pass the route's guard, read from the rule itself (not from the guard). */
export function mayPass(caller: Caller, access: Access): boolean {
  if (access === 'public') return true;
  if (!caller.license) return false;
  if (access === 'authenticated') return true;
  if (access.platform && !caller.platform) return false;
  if ('anyOf' in access) return access.anyOf.some((p) => caller.permissions.has(p));
  return access.allOf.every((p) => caller.permissions.has(p));
}

export interface Finding {
  operation: string;
  kind: '5xx' | 'no 401' | 'no 403' | 'cross-license data' | 'cross-license record';
  caller: string;
  status: number;
  request: string;
  answer: string;
}

export interface Judge {
  /** The license a record belongs to ('A', 'B', …), if the seed made it. */
  ownerOf(resource: Resource, id: number): string | undefined;
  /** The marker of every seeded license, by label. */
  markers: Record<string, string>;
}

const cut = (text: string, length = 400) => (text.length > length ? `${text.slice(0, length)}…` : text);

function describeRequest(req: FuzzRequest): string {
  const query = req.query && Object.keys(req.query).length ? ` query=${JSON.stringify(req.query)}` : '';
  const payload =
    req.payload === undefined
      ? ''
      : ` body=${cut(Buffer.isBuffer(req.payload) ? `<${req.payload.length} bytes>` : String(typeof req.payload === 'string' ? req.payload : JSON.stringify(req.payload)), 300)}`;
  const type = req.headers['content-type'] ? ` (${req.headers['content-type']})` : '';
  return `${req.method} ${req.url}${query}${payload}${type} [${req.kind}]`;
}

/** The records of another license a request names, in its path and in its JSON body or query. */
function foreignRecords(op: Operation, req: FuzzRequest, caller: Caller, judge: Judge): string[] {
  const found: string[] = [];
  const check = (resource: Resource | null, value: unknown, where: string) => {
    const id =
      typeof value === 'number'
        ? value
        : typeof value === 'string' && /^\d+$/.test(value)
          ? Number(value)
          : NaN;
    if (!resource || !Number.isSafeInteger(id)) return;
    const owner = judge.ownerOf(resource, id);
    if (owner && owner !== caller.license) found.push(`${where}=${id} (${resource} of ${owner})`);
  };
  for (const [name, value] of Object.entries(req.pathValues)) check(resourceOf(op.path, name), value, name);
  for (const [name, value] of Object.entries(req.query ?? {})) check(resourceOfField(name), value, name);
  if (typeof req.payload === 'string' && req.headers['content-type'] === 'application/json') {
    let body: unknown;
    try {
      body = JSON.parse(req.payload);
    } catch {
      return found;
    }
    const walk = (node: unknown, path: string, depth = 0) => {
      if (depth > 12) return;
      if (Array.isArray(node)) {
        for (const [i, item] of node.entries()) walk(item, `${path}[${i}]`, depth + 1);
      } else if (node && typeof node === 'object')
        for (const [key, value] of Object.entries(node)) {
          // A screen's preferences (the calendar a view shows) name records without using them.
          if (key === 'uiConfig') continue;
          check(resourceOfField(key), value, `${path}${key}`);
          walk(value, `${path}${key}.`, depth + 1);
        }
    };
    walk(body, '');
  }
  return found;
}

/** What is wrong with one answer: none when all is well. */
export function judgeAnswer(
  op: Operation,
  access: Access,
  caller: Caller,
  req: FuzzRequest,
  res: { status: number; body: string },
  judge: Judge,
): Finding[] {
  const findings: Finding[] = [];
  const add = (kind: Finding['kind']) =>
    findings.push({
      operation: `${op.method} ${op.path}`,
      kind,
      caller: caller.name,
      status: res.status,
      request: describeRequest(req),
      answer: cut(res.body),
    });
  if (res.status >= 500) add('5xx');
  // A URL whose path does not decode may be refused before routing (400 or 404), and a path parameter
  // over the router's length limit is (414): the route is not reached.
  const refusedUrl = (req.rawPath && (res.status === 400 || res.status === 404)) || res.status === 414;
  if (access !== 'public' && !refusedUrl) {
    if (!caller.license && res.status !== 401) add('no 401');
    else if (caller.license && !mayPass(caller, access) && res.status !== 403) add('no 403');
  }
  for (const [label, marker] of Object.entries(judge.markers)) {
    if (label !== caller.license && res.body.includes(marker)) add('cross-license data');
  }
  // The platform's own routes (support log-in, licenses) reach into other licenses by design.
  const platformRoute = typeof access === 'object' && !!access.platform;
  if (caller.license && !platformRoute && res.status >= 200 && res.status < 300) {
    const foreign = foreignRecords(op, req, caller, judge);
    if (foreign.length) {
      add('cross-license record');
      findings[findings.length - 1]!.answer =
        `${foreign.join(', ')}: ${findings[findings.length - 1]!.answer}`;
    }
  }
  return findings;
}
