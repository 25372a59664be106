import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { ErrorCode } from '@mostrador/contract';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Access } from './auth.js';

/** The contract's error envelope, shared by every documented 4xx answer. */
const errorBodySchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: {
          type: 'integer',
          description: 'The error code of the catalogue',
          examples: [ErrorCode.validation],
        },
        message: { type: 'string', description: 'English text; the web app shows its own translation' },
        details: {
          description: 'The failing fields, or facts about the refusal',
          oneOf: [
            {
              type: 'array',
              items: {
                type: 'object',
                required: ['field', 'message'],
                properties: { field: { type: 'string' }, message: { type: 'string' } },
              },
            },
            { type: 'object', additionalProperties: true },
          ],
        },
      },
    },
  },
} as const;

const errorAnswers = {
  400: 'The input is invalid: the details name the failing fields',
  401: 'No valid session: log in and send the bearer token',
  403: 'The session lacks the permission this operation demands',
  404: 'Not found, or it belongs to another license',
  409: 'A business rule refuses the change; the code says which',
  413: 'The upload is larger than allowed',
  429: 'Too many attempts: wait before trying again',
} as const;
type ErrorStatus = keyof typeof errorAnswers;

const errorAnswer = (status: ErrorStatus) => ({
  description: errorAnswers[status],
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
});

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * `getAdminOrders`, `postAdminOrdersIdRefund`: the method, then every path segment after `/v1`
 * (parameters without their colon, kebab-case joined), in camelCase. Stable as long as the route is.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/v1(?=\/|$)/, '')
    .split(/[/-]/)
    .map((segment) => segment.replace(/^:/, '').replace(/[^A-Za-z0-9]/g, ''))
    .filter(Boolean);
  return method.toLowerCase() + words.map(capitalize).join('');
}

/** The 4xx answers an operation can give, read from its access rule, its method, its inputs and its path. */
export function errorStatusesOf(
  method: string,
  access: Access | undefined,
  schema: { body?: unknown; querystring?: unknown; params?: unknown; consumes?: readonly string[] },
  url = '',
): ErrorStatus[] {
  const statuses: ErrorStatus[] = [];
  const writes = method !== 'GET' && method !== 'HEAD';
  const upload = schema.consumes?.includes('multipart/form-data') ?? false;
  if (schema.body || schema.querystring || schema.params || upload) statuses.push(400);
  if (access !== 'public') statuses.push(401);
  if (access && typeof access === 'object') statuses.push(403);
  if (schema.params) statuses.push(404);
  // Business rules refuse changes to records: a write that names one or sends one.
  if (writes && access !== 'public' && (schema.body || schema.params)) statuses.push(409);
  if (upload) statuses.push(413);
  // The login throttle (public writes are the log-in attempts), and the rate limit of every route the
  // company's website calls (/v1/public: per address and company, reads too).
  if ((writes && access === 'public') || url.startsWith('/v1/public/')) statuses.push(429);
  return statuses;
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * The zod schemas become JSON Schema (fastify-type-provider-zod), then every operation gets what
 * outside tools expect: an operationId, a summary, a tag, its 4xx answers in the error envelope, and
 * no security requirement when it is public.
 */
function createTransform() {
  const seen = new Map<string, string>();
  return (input: TransformInput) => {
    const transformed = jsonSchemaTransform(input);
    const schema = transformed.schema as Record<string, unknown>;
    if (schema.hide) return transformed;
    const { route, url } = input;
    const methods = [route.method].flat().filter((m) => m !== 'HEAD');
    const method = methods[0] ?? 'GET';
    const operationId = operationIdOf(method, url);
    const routeKey = `${method} ${url}`;
    if (seen.has(operationId) && seen.get(operationId) !== routeKey)
      throw new Error(`operationId ${operationId} of ${routeKey} is also ${seen.get(operationId)}'s`);
    seen.set(operationId, routeKey);
    const access = route.config?.access;
    const response = { ...(schema.response as Record<string, unknown> | undefined) };
    for (const status of errorStatusesOf(method, access, input.schema ?? {}, url))
      response[status] ??= errorAnswer(status);
    return {
      url: transformed.url,
      schema: {
        ...schema,
        operationId: (schema.operationId as string | undefined) ?? operationId,
        summary: (schema.summary as string | undefined) ?? `${method} ${url}`,
        tags: (schema.tags as string[] | undefined) ?? [url.split('/').filter(Boolean)[1] ?? 'app'],
        response,
        ...(access === 'public' ? { security: [] } : {}),
      },
    };
  };
}

/** The OpenAPI 3.1 document at /docs/json and Swagger UI at /docs. */
export async function registerOpenApi(app: FastifyInstance, version: string) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Mostrador API',
        version,
        description:
          'The back-office API. Every answer is `{ data }` or the error envelope `{ error: { code, message, details } }`.',
      },
      servers: [{ url: '/', description: 'This server' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
        schemas: { ErrorBody: errorBodySchema as unknown as Record<string, unknown> },
      },
      security: [{ bearer: [] }],
    },
    transform: createTransform(),
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });
}
