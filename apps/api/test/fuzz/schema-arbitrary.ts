import fc from 'fast-check';

/** The subset of JSON Schema that zod 4 writes into the OpenAPI document for this API. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
}

/** Where a generated integer may name a record: the ids the seed created, by field name. */
export type IdPool = (field: string) => number[];

/** Strings that parse as what a field of this API often wants: dates, times, emails, zones, colours. */
const meaningfulStrings = [
  '2027-03-01',
  '2027-03-01T10:00',
  '2027-03-01T10:00:00+01:00',
  '2027-02-29',
  '2026-12-31T23:59:59Z',
  '0001-01-01',
  '9999-12-31',
  '09:00',
  '24:00',
  '23:59',
  'ana@example.es',
  '+34600000000',
  'Europe/Madrid',
  'Pacific/Kiritimati',
  'es',
  'zh',
  'https://example.es/x',
  '#AA3300',
  'B12345678',
];

/** Values no field of this API should take, and none should crash on. */
const hostileStrings = [
  '',
  ' ',
  '\t\n',
  'a'.repeat(5000),
  '\u0000',
  'x\u0000y',
  '\uD800',
  '😀'.repeat(40),
  'e\u0301\u200B\u202E',
  "' or 1=1 --",
  '%',
  '_',
  '\\',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '0x10',
  '2147483648',
  '2027-13-45',
  '2027-03-01T25:61',
  '99999-01-01',
  '-infinity',
  'infinity',
  'epoch',
  '25:00',
];
const hostileNumbers = [
  0,
  -1,
  0.5,
  1.005,
  0.001,
  2147483647,
  2147483648,
  -2147483649,
  2 ** 53,
  2 ** 53 + 2,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];
const hostileOthers = [true, false, null, [], {}, [1], { a: 1 }, [null], { __proto__: null, x: 'y' }];

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(...hostileStrings),
  fc.constantFrom<unknown>(...hostileNumbers),
  fc.constantFrom<unknown>(...hostileOthers),
  fc.string({ unit: 'binary', maxLength: 30 }),
);

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  return [];
}

const maxDepth = 6;

/**
 * An arbitrary of the values the schema accepts (`hostile: false`), or of values close to them with a
 * wrong, missing, extra or out-of-range part here and there (`hostile: true`).
 */
export function arbitraryOf(
  schema: JsonSchema,
  options: { hostile: boolean; ids: IdPool; field?: string; depth?: number },
): fc.Arbitrary<unknown> {
  const depth = options.depth ?? 0;
  const field = options.field ?? '';
  const valid = validArbitrary(schema, { ...options, field, depth });
  if (!options.hostile) return valid;
  return fc.oneof({ arbitrary: valid, weight: 5 }, { arbitrary: hostileValue, weight: 1 });
}

function validArbitrary(
  schema: JsonSchema,
  options: { hostile: boolean; ids: IdPool; field: string; depth: number },
): fc.Arbitrary<unknown> {
  const { depth, field } = options;
  if (depth > maxDepth) return fc.constant(null);
  const inner = (s: JsonSchema, f = field) => arbitraryOf(s, { ...options, field: f, depth: depth + 1 });
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => validArbitrary(s, options)));
  if (schema.allOf?.length) return validArbitrary(Object.assign({}, ...schema.allOf), options);
  const types = typesOf(schema);
  if (types.length > 1) return fc.oneof(...types.map((type) => validArbitrary({ ...schema, type }, options)));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return integerArbitrary(schema, options.ids(field));
    case 'number':
      return numberArbitrary(schema);
    case 'string':
      return stringArbitrary(schema, field);
    case 'array': {
      const min = schema.minItems ?? 0;
      const max = Math.min(schema.maxItems ?? min + 3, min + 3);
      return fc.array(schema.items ? inner(schema.items) : hostileValue, { minLength: min, maxLength: max });
    }
    case 'object':
      return objectArbitrary(schema, options, inner);
    default:
      // No type: anything JSON.
      return fc.oneof(fc.constant(null), fc.string({ maxLength: 10 }), fc.integer(), fc.boolean());
  }
}

function integerArbitrary(schema: JsonSchema, ids: number[]): fc.Arbitrary<number> {
  let min = schema.minimum ?? -(2 ** 31);
  if (schema.exclusiveMinimum !== undefined) min = Math.max(min, Math.floor(schema.exclusiveMinimum) + 1);
  let max = schema.maximum ?? 2 ** 31 - 1;
  if (schema.exclusiveMaximum !== undefined) max = Math.min(max, Math.ceil(schema.exclusiveMaximum) - 1);
  min = Math.max(min, Number.MIN_SAFE_INTEGER);
  max = Math.min(max, Number.MAX_SAFE_INTEGER);
  const inRange = ids.filter((id) => id >= min && id <= max);
  const edges = [min, max, Math.min(max, Math.max(min, 0)), Math.min(max, Math.max(min, 1))];
  return fc.oneof(
    { arbitrary: fc.integer({ min, max }), weight: 2 },
    { arbitrary: fc.constantFrom(...edges), weight: 1 },
    ...(inRange.length ? [{ arbitrary: fc.constantFrom(...inRange), weight: 4 }] : []),
  );
}

function numberArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const min = schema.exclusiveMinimum ?? schema.minimum ?? -1e6;
  const max = schema.exclusiveMaximum ?? schema.maximum ?? 1e6;
  const clamp = (n: number) => Math.min(max, Math.max(min, n));
  return fc.oneof(
    fc.integer({ min: Math.ceil(clamp(0)), max: Math.floor(clamp(1000)) }),
    fc.integer({ min: 0, max: 100_000 }).map((cents) => clamp(cents / 100)),
    fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(clamp(min), clamp(max), clamp(0.005), clamp(0.1 + 0.2), clamp(99999999.99)),
  );
}

/** What a string field of this name usually holds, so that valid requests get past the services' rules. */
function hintsFor(field: string): string[] {
  if (/email|mailAddress/i.test(field)) return ['ana@example.es', 'b.c+d@example.com'];
  if (/phone/i.test(field)) return ['+34600000000', '600000000', '+44 20 7946 0958'];
  if (/^(startsAt|endsAt)$/.test(field))
    return ['2027-03-01T10:00', '2027-03-02T09:30', '2027-03-01T10:00:00Z'];
  if (/date$|^from$|^to$|birth/i.test(field))
    return ['2027-03-01', '2027-03-08', '1990-05-17', '2027-03-01T00:00'];
  if (/timeZone/.test(field)) return ['Europe/Madrid', 'Atlantic/Canary', 'America/New_York'];
  if (/^(locale|language)$/.test(field)) return ['es', 'en', 'ca'];
  if (/color/i.test(field)) return ['#AA3300', '#1677ff'];
  if (/url|web/i.test(field)) return ['https://example.es', 'https://example.es/widget'];
  if (/password/i.test(field)) return ['password-9876', 'another-pass-99'];
  if (/^(vat|taxId)$/.test(field)) return ['B12345678', '12345678Z'];
  if (/^(code|license)$/.test(field)) return ['fuzz-company', 'lic-abc'];
  return [];
}

function stringArbitrary(schema: JsonSchema, field = ''): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 200;
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  const fits = (s: string) => s.length >= min && s.length <= max;
  const meaningful = meaningfulStrings.filter(fits);
  const hints = hintsFor(field).filter(fits);
  if (hints.length)
    return fc.oneof(
      { arbitrary: fc.constantFrom(...hints), weight: 6 },
      { arbitrary: fc.string({ minLength: min, maxLength: Math.min(max, min + 24) }), weight: 1 },
      ...(meaningful.length ? [{ arbitrary: fc.constantFrom(...meaningful), weight: 1 }] : []),
    );
  return fc.oneof(
    { arbitrary: fc.string({ minLength: min, maxLength: Math.min(max, min + 24) }), weight: 3 },
    {
      arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, min + 8) }),
      weight: 1,
    },
    { arbitrary: fc.constant('x'.repeat(max)), weight: 1 },
    ...(meaningful.length ? [{ arbitrary: fc.constantFrom(...meaningful), weight: 3 }] : []),
  );
}

function objectArbitrary(
  schema: JsonSchema,
  options: { hostile: boolean; ids: IdPool; field: string; depth: number },
  inner: (s: JsonSchema, f?: string) => fc.Arbitrary<unknown>,
): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const names = Object.keys(properties);
  if (!names.length && schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    const keys = schema.propertyNames ? stringArbitrary(schema.propertyNames) : fc.string({ maxLength: 12 });
    return fc.dictionary(keys, inner(schema.additionalProperties), { maxKeys: 4 });
  }
  const record = fc.record(Object.fromEntries(names.map((name) => [name, inner(properties[name]!, name)])), {
    requiredKeys: names.filter((name) => required.has(name)),
  });
  if (!options.hostile) {
    // Every optional field is one more chance to break a rule: send just the required ones half the time.
    const minimal = fc.record(
      Object.fromEntries(
        names.filter((name) => required.has(name)).map((name) => [name, inner(properties[name]!, name)]),
      ),
    );
    return fc.oneof(minimal, record);
  }
  // Hostile objects: a required key gone, an unknown key added, or both.
  return fc
    .tuple(
      record,
      fc.subarray([...required]),
      fc.option(
        fc.tuple(fc.constantFrom('extra', '__proto__', 'constructor', 'id', 'licenseId'), hostileValue),
      ),
    )
    .map(([value, drop, extra]) => {
      const copy: Record<string, unknown> = { ...(value as object) };
      for (const name of drop) delete copy[name];
      if (extra) Object.defineProperty(copy, extra[0], { value: extra[1], enumerable: true, writable: true });
      return copy;
    });
}
