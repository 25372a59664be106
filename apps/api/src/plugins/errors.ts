import { type ErrorBody, ErrorCode, errorMessage, type FieldError } from '@mostrador/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.js';
import { referencedRowRefusal } from '../lib/db-errors.js';

function body(code: number, message: string, details?: ErrorBody['error']['details']): ErrorBody {
  return { error: details ? { code, message, details } : { code, message } };
}

function fieldOf(instancePath: string, missingProperty?: unknown): string {
  const path = instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  if (typeof missingProperty === 'string') return path ? `${path}.${missingProperty}` : missingProperty;
  return path || 'body';
}

/**
 * PostgreSQL's data exceptions that only a client's value causes: a number out of the column's range
 * (an id like 99999999999), text it cannot store (a NUL character), a malformed or overflowing value.
 */
const invalidInputStates = new Set(['22003', '22P02', '22021', '22P05', '22007', '22008']);
function isInvalidInput(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | undefined;
  const state = typeof e?.code === 'string' ? e.code : e?.cause?.code;
  return typeof state === 'string' && invalidInputStates.has(state);
}

/** One place maps every failure to the contract's envelope; a 500 never shows its message. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(body(error.code, error.message, error.details));
    }
    // A delete the database refused because another row still references the record: its business code.
    const refusal = referencedRowRefusal(error);
    if (refusal) return reply.status(refusal.status).send(body(refusal.code, refusal.message));
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details: FieldError[] = error.validation.map((v) => ({
        field: fieldOf(v.instancePath, (v.params as { missingProperty?: unknown })?.missingProperty),
        message: v.message ?? 'invalid',
      }));
      return reply.status(400).send(body(ErrorCode.validation, errorMessage.validation, details));
    }
    if (isInvalidInput(error)) {
      return reply
        .status(400)
        .send(
          body(ErrorCode.validation, errorMessage.validation, [
            { field: 'request', message: 'a value is out of range or has characters that cannot be stored' },
          ]),
        );
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return reply.status(413).send(body(ErrorCode.payloadTooLarge, errorMessage.payloadTooLarge));
    }
    if (status === 429) {
      return reply.status(429).send(body(ErrorCode.tooManyAttempts, errorMessage.tooManyAttempts));
    }
    if (status >= 400 && status < 500) {
      const field = error.code?.includes('JSON') || error instanceof SyntaxError ? 'body' : 'request';
      return reply
        .status(status === 415 ? 415 : 400)
        .send(body(ErrorCode.validation, errorMessage.validation, [{ field, message: error.message }]));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(body(ErrorCode.unexpected, errorMessage.unexpected));
  });
}

/**
 * The router's own refusals (a badly encoded URL, a path parameter over its length limit), which never
 * reach the error handler: the same envelope, naming the URL.
 */
export function frameworkErrorReply(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  return reply
    .status(status)
    .send(body(ErrorCode.validation, errorMessage.validation, [{ field: 'url', message: error.message }]));
}

export function notFoundBody(): ErrorBody {
  return body(ErrorCode.notFound, errorMessage.notFound);
}
