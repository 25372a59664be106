import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { arbitraryOf, hostileValue, type IdPool, type JsonSchema } from './schema-arbitrary.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

interface OpenApiOperation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
  security?: unknown[];
  consumes?: string[];
}

/** One operation of the OpenAPI document, ready to be fuzzed. */
export interface Operation {
  method: Method;
  /** The OpenAPI path, `{id}` placeholders included. */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body?: JsonSchema;
  multipart: boolean;
  /** `security: []` in the document: the route is public. */
  documentedPublic: boolean;
  /** The fields a list's `filters` and `orders` may name (from the answer's item schema). */
  listFields: string[];
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

const methods = new Set(['get', 'post', 'put', 'patch', 'delete']);

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!methods.has(method)) continue;
      const parameters = op.parameters ?? [];
      const json = op.requestBody?.content?.['application/json']?.schema;
      const answer = op.responses?.['200']?.content?.['application/json']?.schema;
      const itemSchema = answer?.properties?.data?.properties?.items?.items;
      operations.push({
        method: method.toUpperCase() as Method,
        path,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        body: json,
        multipart:
          !!op.requestBody?.content?.['multipart/form-data'] ||
          (method === 'post' && path.endsWith('/files')),
        documentedPublic: Array.isArray(op.security) && op.security.length === 0,
        listFields: Object.keys(itemSchema?.properties ?? {}),
      });
    }
  }
  return operations;
}

/** A request as sent through `app.inject`. */
export interface FuzzRequest {
  method: Method;
  url: string;
  /** The path's parameters, as put in the URL (before encoding). */
  pathValues: Record<string, string>;
  query?: Record<string, string | string[]>;
  payload?: string | Buffer | object;
  headers: Record<string, string>;
  /** What the generator meant: a valid request, a hostile one, or a malformed transport. */
  kind: 'valid' | 'hostile' | 'malformed';
  /** The URL's path segment was sent raw, possibly badly percent-encoded. */
  rawPath: boolean;
}

/** Path values that name no record, or nothing at all. */
const hostilePathValues = [
  '0',
  '-1',
  '99999999999',
  '2147483648',
  '2147483647',
  'abc',
  '1.5',
  '1e3',
  ' 1',
  '0x1',
  'NaN',
  'null',
  '١',
  '9'.repeat(400),
];
/** Raw path segments whose percent-encoding is broken or decodes to control characters. */
const rawPathValues = ['%00', '%E0%A4%A', '%', '%2e%2e', '..', '%FF%FE'];

const filterOps = ['eq', 'neq', 'in', 'nin', 'gt', 'gte', 'lt', 'lte', 'like', 'isNull', 'regex'];

function filtersArbitrary(fields: string[], hostile: boolean): fc.Arbitrary<string | undefined> {
  const known = fields.length ? fc.constantFrom(...fields) : fc.constant('id');
  // Filters the list accepts: known fields and operators, operands of the operator's shape.
  const operand = fc.oneof(
    fc.constantFrom<unknown>('2027-03-01', '2027-03-01T10:00', 'abc', '%a_', 1, 0, -5, 45.5, 'Ana'),
    fc.string({ maxLength: 8 }),
    fc.integer(),
  );
  const condition = fc.oneof(
    fc.record({ eq: operand }),
    fc.record({ neq: operand }),
    fc.record({ in: fc.array(operand, { maxLength: 3 }) }),
    fc.record({ nin: fc.array(operand, { maxLength: 3 }) }),
    fc.record({ gt: operand }),
    fc.record({ gte: operand, lte: operand }),
    fc.record({ lt: operand }),
    fc.record({ like: fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('%', '_', '\\', 'Ana%')) }),
    fc.record({ isNull: fc.boolean() }),
  );
  const valid = fc.dictionary(known, condition, { maxKeys: 2 }).map((value) => JSON.stringify(value));
  if (!hostile) return fc.option(valid, { nil: undefined, freq: 2 });
  const field = fc.oneof({ arbitrary: known, weight: 5 }, { arbitrary: fc.string(), weight: 1 });
  const anyOperand = fc.oneof(
    hostileValue,
    fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 8 }), fc.constant(null), fc.constant({})), {
      maxLength: 4,
    }),
  );
  const wild = fc
    .dictionary(field, fc.dictionary(fc.constantFrom(...filterOps), anyOperand, { minKeys: 1, maxKeys: 2 }), {
      maxKeys: 3,
    })
    .map((value) => JSON.stringify(value));
  return fc.oneof(
    { arbitrary: valid, weight: 3 },
    { arbitrary: wild, weight: 4 },
    {
      arbitrary: fc.constantFrom('{', 'null', '[]', '"x"', '1', '{"a":1}', '{"id":null}', '{"id":[]}', ''),
      weight: 2,
    },
    { arbitrary: fc.string({ maxLength: 20 }), weight: 1 },
  );
}

function ordersArbitrary(fields: string[], hostile: boolean): fc.Arbitrary<string | undefined> {
  const known = fields.length ? fc.constantFrom(...fields) : fc.constant('id');
  const valid = fc
    .dictionary(known, fc.constantFrom('asc', 'desc'), { maxKeys: 2 })
    .map((value) => JSON.stringify(value));
  if (!hostile) return fc.option(valid, { nil: undefined, freq: 2 });
  const field = fc.oneof({ arbitrary: known, weight: 5 }, { arbitrary: fc.string(), weight: 1 });
  return fc.oneof(
    { arbitrary: valid, weight: 2 },
    {
      arbitrary: fc
        .dictionary(field, fc.constantFrom<unknown>('asc', 'desc', 'ASC', 'up', 1, null), { maxKeys: 3 })
        .map((value) => JSON.stringify(value)),
      weight: 3,
    },
    { arbitrary: fc.constantFrom('{', 'null', '[]', '"asc"', '{"id":"desc; drop table x"}'), weight: 2 },
  );
}

function queryValue(op: Operation, param: Parameter, hostile: boolean, ids: IdPool) {
  if (param.name === 'filters') return filtersArbitrary(op.listFields, hostile);
  if (param.name === 'orders') return ordersArbitrary(op.listFields, hostile);
  const value = arbitraryOf(param.schema, { hostile, ids, field: param.name }).map((v) =>
    typeof v === 'string' ? v : (JSON.stringify(v) ?? ''),
  );
  if (!hostile) return value;
  return fc.oneof(
    { arbitrary: value, weight: 4 },
    { arbitrary: fc.constantFrom('', 'abc', '-1', '0', '1.5', 'NaN', '1e400', '9'.repeat(30)), weight: 2 },
    { arbitrary: fc.array(value, { minLength: 2, maxLength: 3 }), weight: 1 },
  );
}

/**
 * Queries whose rule is not in the document (a refinement across parameters): a valid request uses one
 * of these now and then.
 */
const knownGoodQueries: Record<string, Record<string, string>[]> = {
  '/v1/admin/files/resize/{id}': [
    { width: '64', height: '64' },
    { width: '360', height: '360' },
  ],
  // A period of real days, `to` not before `from`: random day patterns are hardly ever both.
  '/v1/admin/reports/dashboard': [
    { from: '2025-12-01', to: '2025-12-31' },
    { from: '2024-02-29', to: '2025-03-01' },
  ],
  '/v1/admin/reports/bookings': [
    { from: '2025-12-01', to: '2025-12-31' },
    { from: '2026-03-29', to: '2026-03-29', format: 'csv' },
  ],
  '/v1/admin/reports/sales': [
    { from: '2025-12-01', to: '2025-12-31' },
    { from: '2025-01-01', to: '2025-12-31', format: 'xlsx' },
  ],
};

/** A query the operation accepts whatever its record: the known good one, or none. */
export const goodQuery = (op: Operation): Record<string, string> => knownGoodQueries[op.path]?.[0] ?? {};

export function queryArbitrary(op: Operation, hostile: boolean, ids: IdPool) {
  if (!op.queryParams.length) return fc.constant({});
  const good = knownGoodQueries[op.path];
  if (good && !hostile) return fc.constantFrom(...good);
  const shape = Object.fromEntries(op.queryParams.map((p) => [p.name, queryValue(op, p, hostile, ids)]));
  const required = op.queryParams.filter((p) => p.required).map((p) => p.name);
  const record = fc
    .record(shape, { requiredKeys: hostile ? [] : required })
    .map((value) => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)));
  if (!hostile) return record;
  return fc
    .tuple(record, fc.option(fc.tuple(fc.constantFrom('extra', '__proto__', 'limit'), fc.string())))
    .map(([value, extra]) => (extra ? { ...value, [extra[0]]: extra[1] } : value));
}

/**
 * A hostile value must not name a real record by accident (' 1' and '0x1' read as 1): the platform's
 * fuzz would delete a seeded license, a company's its own callers. Nor may it be empty.
 */
const namesNoRecord = (value: string) => {
  // An empty segment is another route's URL (`/users/` is `/users`).
  if (value === '') return false;
  const n = Number(value);
  return !(Number.isInteger(n) && n > 0 && n < 1_000_000);
};

function pathValueArbitrary(param: Parameter, op: Operation, hostile: boolean, ids: IdPool) {
  const known = ids(`${op.path}#${param.name}`).map(String);
  const valid = known.length ? fc.constantFrom(...known) : fc.constant('987654');
  if (!hostile) return valid.map((value) => ({ value, raw: false }));
  return fc.oneof(
    { arbitrary: valid.map((value) => ({ value, raw: false })), weight: 3 },
    {
      arbitrary: fc
        .constantFrom(...hostilePathValues.filter(namesNoRecord))
        .map((value) => ({ value, raw: false })),
      weight: 3,
    },
    {
      arbitrary: fc
        .string({ maxLength: 12 })
        .filter(namesNoRecord)
        .map((value) => ({ value, raw: false })),
      weight: 1,
    },
    { arbitrary: fc.constantFrom(...rawPathValues).map((value) => ({ value, raw: true })), weight: 1 },
  );
}

const jsonHeaders = { 'content-type': 'application/json' };

/** Bodies that are not the JSON the route reads: broken, of another type, or dangerous to parse. */
const malformedBodies: { payload: string | Buffer; headers: Record<string, string> }[] = [
  { payload: '{"a":', headers: jsonHeaders },
  { payload: '', headers: jsonHeaders },
  { payload: 'null', headers: jsonHeaders },
  { payload: '[]', headers: jsonHeaders },
  { payload: '"text"', headers: jsonHeaders },
  { payload: '12', headers: jsonHeaders },
  { payload: '{"__proto__":{"isAdmin":true}}', headers: jsonHeaders },
  { payload: '{"constructor":{"prototype":{"x":1}}}', headers: jsonHeaders },
  { payload: '{"a":1,"a":2}', headers: jsonHeaders },
  { payload: '\uFEFF{}', headers: jsonHeaders },
  { payload: Buffer.from([0xff, 0xfe, 0x00, 0x7b]), headers: jsonHeaders },
  { payload: '{"name":"x"}', headers: { 'content-type': 'text/plain' } },
  { payload: 'name=x&price=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
  { payload: '{}', headers: { 'content-type': 'application/json; charset=latin1' } },
  { payload: '{}', headers: { 'content-type': 'multipart/form-data' } },
  { payload: `[${'1,'.repeat(1000)}1]`, headers: jsonHeaders },
  { payload: `${'['.repeat(5000)}${']'.repeat(5000)}`, headers: jsonHeaders },
  { payload: `"${'a'.repeat(1024 * 1024 + 10)}"`, headers: jsonHeaders },
];

function multipart(parts: { field: string; filename?: string; data: Buffer }[], boundary: string) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.field}"; filename="${part.filename}"`
      : `form-data; name="${part.field}"`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      part.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** Upload bodies: a real file, empty, of another field, two files, cut off, or not multipart at all. */
function multipartArbitrary(
  png: Buffer,
): fc.Arbitrary<{ payload: Buffer | string; headers: Record<string, string> }> {
  const boundary = `----fuzz${randomBytes(6).toString('hex')}`;
  const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
  const data = fc.oneof(
    fc.constant(png),
    fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
    fc.constant(Buffer.alloc(0)),
    fc.constant(png.subarray(0, 40)),
    fc.constant(Buffer.from('%PDF-1.4\n%%EOF')),
    fc.constant(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
  );
  const filename = fc.oneof(
    fc.constantFrom('a.png', '', '../../etc/passwd', 'ñandú 😀.png', 'x'.repeat(600), 'a\u0000.png'),
    fc.string({ maxLength: 20 }),
  );
  return fc.oneof(
    fc.tuple(data, filename).map(([bytes, name]) => ({
      payload: multipart([{ field: 'file', filename: name, data: bytes }], boundary),
      headers,
    })),
    data.map((bytes) => ({
      payload: multipart([{ field: 'other', filename: 'a.png', data: bytes }], boundary),
      headers,
    })),
    data.map((bytes) => ({ payload: multipart([{ field: 'file', data: bytes }], boundary), headers })),
    data.map((bytes) => ({
      payload: multipart(
        [
          { field: 'file', filename: 'a.png', data: bytes },
          { field: 'file', filename: 'b.png', data: bytes },
        ],
        boundary,
      ),
      headers,
    })),
    data.map((bytes) => ({
      payload: multipart([{ field: 'file', filename: 'a.png', data: bytes }], boundary).subarray(0, 60),
      headers,
    })),
    fc.constant({ payload: multipart([], boundary), headers }),
    fc.constant({ payload: 'not multipart', headers: { 'content-type': 'multipart/form-data; boundary=' } }),
    fc.constant({ payload: png, headers: { 'content-type': 'multipart/form-data' } }),
    fc.constant({ payload: png, headers: { 'content-type': 'image/png' } }),
    fc.constant({ payload: '{"file":"x"}', headers: jsonHeaders }),
  );
}

/**
 * Real bodies of the seed's records, each sent as it is or with one field generated anew (valid or
 * hostile): the requests that get past the services' cross-field rules to their deeper paths.
 */
function fromExamples(
  op: Operation,
  examples: Record<string, unknown>[],
  hostile: boolean,
  ids: IdPool,
): fc.Arbitrary<unknown> {
  const properties = op.body?.properties ?? {};
  const changed = fc
    .tuple(fc.constantFrom(...examples), fc.constantFrom(...Object.keys(properties)))
    .chain(([example, field]) =>
      arbitraryOf(properties[field]!, { hostile, ids, field }).map((value) => ({
        ...example,
        [field]: value,
      })),
    );
  return hostile ? changed : fc.oneof(fc.constantFrom(...examples), changed);
}

function bodyArbitrary(
  op: Operation,
  kind: FuzzRequest['kind'],
  ids: IdPool,
  png: Buffer,
  examples: Record<string, unknown>[],
) {
  type Body = { payload?: string | Buffer | object; headers: Record<string, string> };
  if (op.multipart) return multipartArbitrary(png) as fc.Arbitrary<Body>;
  if (kind === 'malformed') return fc.constantFrom<Body>(...malformedBodies);
  if (!op.body) {
    // A route that reads no body gets one now and then.
    return fc.oneof(
      { arbitrary: fc.constant<Body>({ headers: {} }), weight: 6 },
      { arbitrary: fc.constant<Body>({ payload: { x: 1 }, headers: {} }), weight: 1 },
      { arbitrary: fc.constant<Body>({ payload: '', headers: jsonHeaders }), weight: 1 },
    );
  }
  const generated = arbitraryOf(op.body, { hostile: kind === 'hostile', ids });
  const body = examples.length
    ? fc.oneof(generated, fromExamples(op, examples, kind === 'hostile', ids))
    : generated;
  return body.map<Body>((payload) => ({
    // `app.inject` would send a string as it is: send every body as JSON text.
    payload: JSON.stringify(payload) ?? 'null',
    headers: jsonHeaders,
  }));
}

/** Requests for one operation: valid, hostile (boundary and wrong values) and malformed transports. */
export function requestArbitrary(
  op: Operation,
  ids: IdPool,
  png: Buffer,
  examples: Record<string, unknown>[] = [],
): fc.Arbitrary<FuzzRequest> {
  return fc
    .constantFrom<FuzzRequest['kind']>('valid', 'valid', 'valid', 'hostile', 'hostile', 'malformed')
    .chain((kind) => {
      const hostile = kind !== 'valid';
      const pathValues = fc.record(
        Object.fromEntries(op.pathParams.map((p) => [p.name, pathValueArbitrary(p, op, hostile, ids)])),
      );
      return fc
        .tuple(pathValues, queryArbitrary(op, hostile, ids), bodyArbitrary(op, kind, ids, png, examples))
        .map(([values, query, body]) => {
          let rawPath = false;
          const url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
            const v = values[name] as { value: string; raw: boolean };
            rawPath ||= v.raw;
            return v.raw ? v.value : encodeURIComponent(v.value);
          });
          return {
            method: op.method,
            url,
            pathValues: Object.fromEntries(
              Object.entries(values).map(([k, v]) => [k, (v as { value: string }).value]),
            ),
            query: query as Record<string, string | string[]>,
            payload: body.payload,
            headers: body.headers,
            kind,
            rawPath,
          };
        });
    });
}
