import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Response serialization compiled once per route, at startup.
 *
 * fastify-type-provider-zod's serializer runs every answer through `z.safeEncode` (checking it and
 * dropping the keys its schema does not declare) and then `JSON.stringify`. Here each response schema
 * becomes, once, a fast-json-stringify function built from the schema's JSON Schema (`io: 'output'`),
 * which writes only the declared keys, in one pass. A schema whose answer fast-json-stringify cannot
 * reproduce exactly (a transform, a pipe, a trim or lowercase that rewrites the value on the way out, a
 * loose or strict object, a union of objects, recursion, …) keeps the zod serializer: a fallback, counted
 * on `fallbacks` and logged at startup (debug).
 *
 * With `verify` (the tests), both run on every answer: the zod one first (its refusal stays the answer),
 * then the fast one, which must give the same JSON (key order aside: fast-json-stringify writes the
 * required keys first) or the answer fails with the difference on stderr.
 */

type ZodSchema = z.core.$ZodType;
type JsonSchema = Record<string, unknown>;
type Serializer = (data: unknown) => string;
type CompilerInput = Parameters<typeof zodSerializerCompiler>[0];

export interface SerializerFallback {
  method: string;
  url: string;
  status: string;
  reason: string;
}

export interface SerializerOptions {
  /** Run zod's serializer too and fail on any difference (the tests). */
  verify?: boolean;
}

export interface SerializerCompiler {
  (input: CompilerInput): Serializer;
  /** The responses that kept the zod serializer, and why. */
  readonly fallbacks: SerializerFallback[];
  /** How many responses got a fast serializer. */
  readonly fastCount: number;
}

const isZod = (value: unknown): value is ZodSchema => value instanceof z.core.$ZodType;

function zodSchemaOf(schema: unknown): ZodSchema | undefined {
  if (isZod(schema)) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  return isZod(properties) ? properties : undefined;
}

const scalarTypes = new Set(['string', 'number', 'integer', 'boolean', 'null']);

/**
 * Why fast-json-stringify cannot give zod's answer for this schema, or undefined when it can. A
 * whitelist: every kind of schema not named here falls back.
 */
export function fastPathRefusal(schema: ZodSchema, visiting = new Set<ZodSchema>()): string | undefined {
  if (visiting.has(schema)) return 'recursive schema';
  visiting.add(schema);
  try {
    const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
    const checks = (def.checks ?? []) as z.core.$ZodCheck[];
    // trim(), toLowerCase(), overwrite(): zod rewrites the value on the way out.
    if (checks.some((check) => check._zod.def.check === 'overwrite'))
      return `${def.type} rewritten by a check`;
    switch (def.type) {
      case 'string':
      case 'number':
      case 'boolean':
      case 'date':
        // zod's coercion and fast-json-stringify's differ (String(x) and toString(); a day's text that zod
        // makes a Date and fast-json-stringify writes as it is).
        return def.coerce ? `coerced ${def.type}` : undefined;
      case 'null':
      case 'enum':
      case 'unknown':
      case 'any':
        return undefined;
      case 'literal': {
        const values = def.values as unknown[];
        const jsonable = values.every(
          (v) => v === null || ['string', 'number', 'boolean'].includes(typeof v),
        );
        return jsonable ? undefined : 'literal that JSON cannot hold';
      }
      case 'object': {
        // A loose object keeps unknown keys, a strict one refuses them, a catchall checks them.
        if (def.catchall) return 'object with a catchall (loose or strict)';
        const shape = def.shape as Record<string, ZodSchema>;
        for (const [key, value] of Object.entries(shape)) {
          const refusal = fastPathRefusal(value, visiting);
          if (refusal) return `${key}: ${refusal}`;
        }
        return undefined;
      }
      case 'array': {
        const refusal = fastPathRefusal(def.element as ZodSchema, visiting);
        return refusal && `[]: ${refusal}`;
      }
      case 'record': {
        const keyType = (def.keyType as ZodSchema)._zod.def.type;
        if (keyType !== 'string' && keyType !== 'enum') return `record keyed by ${keyType}`;
        const refusal = fastPathRefusal(def.keyType as ZodSchema, visiting);
        if (refusal) return `record key: ${refusal}`;
        const valueRefusal = fastPathRefusal(def.valueType as ZodSchema, visiting);
        return valueRefusal && `{}: ${valueRefusal}`;
      }
      case 'optional':
      case 'nullable':
      case 'readonly':
      // Encoding checks the inner type alone: a default is never filled in on the way out.
      case 'default':
        return fastPathRefusal(def.innerType as ZodSchema, visiting);
      case 'union': {
        // Only unions of scalars: fast-json-stringify tells them apart by their JSON type, as zod's
        // first matching option does. A union of objects would pick its option with Ajv.
        const options = def.options as ZodSchema[];
        for (const option of options) {
          const refusal = fastPathRefusal(option, visiting);
          if (refusal) return `union option: ${refusal}`;
          if (!isScalar(option)) return 'union of non-scalar options';
        }
        return undefined;
      }
      default:
        return `${def.type} schema`;
    }
  } finally {
    visiting.delete(schema);
  }
}

function isScalar(schema: ZodSchema): boolean {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'null':
    case 'literal':
    case 'enum':
      return true;
    case 'optional':
    case 'nullable':
    case 'readonly':
    case 'default':
      return isScalar(def.innerType as ZodSchema);
    case 'union':
      return (def.options as ZodSchema[]).every(isScalar);
    default:
      return false;
  }
}

/** The JSON type of a scalar branch (`{ type, const?, enum? }`), or undefined if it is more than that. */
function scalarTypesOf(branch: JsonSchema): string[] | undefined {
  const extra = Object.keys(branch).filter((k) => !['type', 'const', 'enum', 'description'].includes(k));
  if (extra.length > 0) return undefined;
  const types = [branch.type].flat();
  return types.length > 0 && types.every((t) => typeof t === 'string' && scalarTypes.has(t))
    ? (types as string[])
    : undefined;
}

/**
 * The JSON Schema fast-json-stringify is built from: zod's own (`io: 'output'`, no metadata, dates as
 * date-time strings), with every `default` removed (fast-json-stringify would write it for a missing
 * value, where zod refuses the answer), a nullable object or array as `type: [t, 'null']` and a union of
 * scalars as the list of their types (both without Ajv at run time). Anything left that would need Ajv
 * (anyOf, oneOf, allOf, $ref, if, not) is reported by `needsValidator`.
 */
export function jsonSchemaOf(schema: ZodSchema): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io: 'output',
    target: 'draft-07',
    unrepresentable: 'any',
    cycles: 'throw',
    reused: 'inline',
    metadata: z.registry(),
    override: (ctx) => {
      if (ctx.zodSchema._zod.def.type === 'date') {
        ctx.jsonSchema.type = 'string';
        ctx.jsonSchema.format = 'date-time';
      }
    },
  }) as JsonSchema;
  delete json.$schema;
  return simplify(json);
}

function simplify(node: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'default') continue;
    if (key === 'properties') {
      out.properties = Object.fromEntries(
        Object.entries(value as Record<string, JsonSchema>).map(([name, child]) => [name, simplify(child)]),
      );
    } else if (key === 'items' || key === 'additionalProperties' || key === 'propertyNames') {
      out[key] = typeof value === 'object' && value !== null ? simplify(value as JsonSchema) : value;
    } else if (key === 'anyOf' || key === 'oneOf') {
      out[key] = (value as JsonSchema[]).map(simplify);
    } else {
      out[key] = value;
    }
  }
  const union = (out.anyOf ?? out.oneOf) as JsonSchema[] | undefined;
  if (!union) return out;
  const { anyOf: _anyOf, oneOf: _oneOf, ...rest } = out;
  if (Object.keys(rest).some((k) => k !== 'description')) return out;
  // A union of scalars: the list of their JSON types.
  const scalar = union.map(scalarTypesOf);
  if (scalar.every((types) => types !== undefined)) {
    const types = [...new Set(scalar.flat() as string[])];
    return { ...rest, type: types.length === 1 ? types[0] : types };
  }
  // A nullable object, array or date-time string: one schema whose type also admits null.
  if (union.length === 2) {
    const nullIndex = union.findIndex((branch) => scalarTypesOf(branch)?.join() === 'null');
    const other = union[1 - nullIndex];
    if (nullIndex !== -1 && other && typeof other.type === 'string' && !other.anyOf && !other.oneOf) {
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

const validatorKeywords = new Set(['anyOf', 'oneOf', 'allOf', '$ref', 'if', 'not']);

/** The first keyword in the schema that fast-json-stringify would hand to Ajv, if any. */
export function needsValidator(node: unknown): string | undefined {
  if (Array.isArray(node)) {
    for (const child of node) {
      const found = needsValidator(child);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof node !== 'object' || node === null) return undefined;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' || key === 'patternProperties' || key === 'definitions' || key === '$defs') {
      for (const child of Object.values(value as object)) {
        const found = needsValidator(child);
        if (found) return found;
      }
      continue;
    }
    if (validatorKeywords.has(key)) return key;
    if (key === 'enum' || key === 'examples' || key === 'required') continue;
    const found = needsValidator(value);
    if (found) return found;
  }
  return undefined;
}

type Compiled = { fast: Serializer } | { refusal: string };

/** One compilation per zod schema, shared by the routes (and apps in one process) that answer with it. */
const compiled = new WeakMap<ZodSchema, Compiled>();
/** And per JSON Schema: a schema built again (`dataOf(x)` in a route) reuses its twin's function. */
const byJsonSchema = new Map<string, Serializer>();

export function compileFast(schema: ZodSchema): Compiled {
  const known = compiled.get(schema);
  if (known) return known;
  let result: Compiled;
  const refusal = fastPathRefusal(schema);
  if (refusal) {
    result = { refusal };
  } else {
    try {
      const json = jsonSchemaOf(schema);
      const keyword = needsValidator(json);
      if (keyword) {
        result = { refusal: `its JSON Schema needs ${keyword}` };
      } else {
        const key = JSON.stringify(json);
        let fast = byJsonSchema.get(key);
        if (!fast) {
          fast = fastJson(json as unknown as Parameters<typeof fastJson>[0]) as Serializer;
          byJsonSchema.set(key, fast);
        }
        result = { fast };
      }
    } catch (error) {
      result = { refusal: `fast-json-stringify: ${(error as Error).message}` };
    }
  }
  compiled.set(schema, result);
  return result;
}

/** The first path where two JSON values differ, for the failure message. */
function firstDifference(a: unknown, b: unknown, path = '$'): string {
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    return `${path}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`;
  }
  if (Array.isArray(a) !== Array.isArray(b)) return `${path}: array vs object`;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const left = (a as Record<string, unknown>)[key];
    const right = (b as Record<string, unknown>)[key];
    if (!isDeepStrictEqual(left, right)) return firstDifference(left, right, `${path}.${key}`);
  }
  return `${path}: differs`;
}

export class SerializerMismatchError extends Error {
  readonly statusCode = 500;
}

export function createSerializerCompiler(options: SerializerOptions = {}): SerializerCompiler {
  const fallbacks: SerializerFallback[] = [];
  let fastCount = 0;
  const compiler = (input: CompilerInput): Serializer => {
    const zodSerializer = zodSerializerCompiler(input) as Serializer;
    const schema = zodSchemaOf(input.schema);
    const result: Compiled = schema ? compileFast(schema) : { refusal: 'not a zod schema' };
    if ('refusal' in result) {
      fallbacks.push({
        method: input.method,
        url: input.url,
        status: String(input.httpStatus),
        reason: result.refusal,
      });
      return zodSerializer;
    }
    fastCount++;
    const { fast } = result;
    if (!options.verify) return fast;
    const where = `${input.method} ${input.url} ${input.httpStatus}`;
    return (data) => {
      const expected = zodSerializer(data);
      let actual: string;
      try {
        actual = fast(data);
      } catch (error) {
        const message = `fast serializer of ${where} failed where zod's gave ${expected.slice(0, 200)}: ${(error as Error).message}`;
        console.error(message);
        throw new SerializerMismatchError(message);
      }
      if (actual !== expected) {
        const [a, b] = [JSON.parse(actual), JSON.parse(expected)];
        if (!isDeepStrictEqual(a, b)) {
          const message = `fast serializer of ${where} differs from zod's at ${firstDifference(a, b)}`;
          console.error(message);
          throw new SerializerMismatchError(message);
        }
      }
      return actual;
    };
  };
  return Object.defineProperties(compiler, {
    fallbacks: { get: () => fallbacks },
    fastCount: { get: () => fastCount },
  }) as SerializerCompiler;
}

const compilers = new WeakMap<FastifyInstance, SerializerCompiler>();

/** The app's serializer compiler: how many responses are fast, and which kept zod's (after ready). */
export function serializersOf(app: FastifyInstance): SerializerCompiler | undefined {
  return compilers.get(app);
}

/** Sets the app's serializer compiler; once ready, logs (debug) the responses that kept zod's. */
export function registerSerializer(
  app: FastifyInstance,
  options: SerializerOptions = {},
): SerializerCompiler {
  const compiler = createSerializerCompiler(options);
  compilers.set(app, compiler);
  app.setSerializerCompiler(compiler);
  app.addHook('onReady', async () => {
    app.log.debug(
      { fast: compiler.fastCount, fallbacks: compiler.fallbacks },
      `response serializers: ${compiler.fastCount} fast, ${compiler.fallbacks.length} zod`,
    );
  });
  return compiler;
}
