import fc from 'fast-check';
import { z } from 'zod';

/**
 * Hostile inputs for the fuzz suites (tests/integration/fuzz-*.test.ts): values that once
 * reached PostgreSQL or a lookup table and came back as a 500. Each suite starts from a valid
 * skeleton of the input (built from its zod schema) and breaks it in one place, so a hostile
 * value travels as deep as a real caller's would instead of failing the outermost check.
 */

/** One seed per run; FUZZ_SEED=<n> replays a failure the suite printed. */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261123);

/**
 * Text only PostgreSQL or its driver writes; none of it may reach a client. A bare "PostgreSQL"
 * is not in it: the staff health check names the server version on purpose.
 */
export const DATABASE_TEXT =
  /syntax error|invalid input (syntax|value)|violates|relation "|column "|0x00|ECONN|PostgresError|DatabaseError|postgres\.js|sqlstate|out of range for type|unterminated|invalid byte sequence|unsupported Unicode/i;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * True when any string or object key in `value` holds NUL or a lone surrogate. What sits under
 * a `__proto__` key is left out: superjson (tRPC's reader) drops such keys, so the server never
 * sees it, and ignoring it is as good as refusing it.
 */
export function hasBadText(value: unknown): boolean {
  // Iterative: the hostile values nest thousands deep.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000') || LONE_SURROGATE.test(next)) return true;
    } else if (Array.isArray(next)) {
      pending.push(...next);
    } else if (next && typeof next === 'object') {
      for (const [k, v] of Object.entries(next)) if (k !== '__proto__') pending.push(k, v);
    }
  }
  return false;
}

const BAD_TEXT = ['a\u0000b', '\u0000', '\ud800', 'x\udfffy', '\udbff\u0000'];
const ODD_TEXT = [
  '',
  ' ',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  "'; DROP TABLE users;--",
  '%_\\',
  'NaN',
  '1e309',
  '2147483648',
  '-1',
  '0.5',
  '0000-01-01..9999-12-31',
  '9999-99-99',
  '\u202e\u0301🗳️',
  'x'.repeat(5000),
];
const NUMBERS = [
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e308,
  -1,
  0,
  -0,
  0.5,
  -1.5,
  Number.MIN_VALUE,
];

/** An object whose own key is `__proto__` (or another prototype name), as JSON.parse builds it. */
function withKey(key: string, value: unknown, base: object = {}): Record<string, unknown> {
  const target: Record<string, unknown> = { ...base };
  Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
  return target;
}

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

function deepArray(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

function deepObject(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

/** A single hostile value of any kind: bad text, odd text, edge numbers, wrong types, nesting. */
export const hostileLeaf: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...BAD_TEXT) },
  { weight: 2, arbitrary: fc.constantFrom(...ODD_TEXT) },
  { weight: 3, arbitrary: fc.constantFrom(...NUMBERS) },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [1, 2], ['a\u0000'], { a: 1 }),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(...PROTO_KEYS)
      .map((key) => withKey(key, { polluted: true, toString: 1, isAdmin: true })),
  },
  { weight: 1, arbitrary: fc.constantFrom(deepArray(3000), deepObject(2000)) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  default?: unknown;
};

const STRING_CANDIDATES = [
  'fuzz@example.test',
  '00000000-0000-4000-8000-000000000000',
  'AB',
  '1',
  'abc',
  'fuzz-value',
  '/',
  '2025-01-01',
  '2025-01-01T00:00:00.000Z',
  'https://example.test/',
];

function stringFor(schema: JsonSchema): string {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 10_000;
  const pattern = schema.pattern ? new RegExp(schema.pattern) : null;
  const fits = (s: string) => s.length >= min && s.length <= max && (!pattern || pattern.test(s));
  if (schema.format === 'email' && fits('fuzz@example.test')) return 'fuzz@example.test';
  return STRING_CANDIDATES.find(fits) ?? 'x'.repeat(Math.max(min, 1));
}

/** A plausible valid value for a JSON schema: every property filled, the first of each union. */
export function skeletonOf(schema: JsonSchema | undefined): unknown {
  if (!schema) return undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const union = schema.oneOf ?? schema.anyOf;
  if (union?.length) return skeletonOf(union.find((s) => s.type !== 'null') ?? union[0]);
  if (schema.allOf?.length) return skeletonOf(schema.allOf[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(schema.properties ?? {})) value[key] = skeletonOf(prop);
      if (typeof schema.additionalProperties === 'object' && !schema.properties) {
        const key = schema.propertyNames ? stringFor(schema.propertyNames) : 'key';
        value[key] = skeletonOf(schema.additionalProperties);
      }
      return value;
    }
    case 'array': {
      if (schema.prefixItems) return schema.prefixItems.map(skeletonOf);
      return Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () => skeletonOf(schema.items));
    }
    case 'string':
      return stringFor(schema);
    case 'integer':
    case 'number': {
      const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
      return Math.min(low, schema.maximum ?? low);
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return schema.default ?? '2025-01-01';
  }
}

/** The skeleton of a zod schema's input, or undefined when it takes none. */
export function skeletonOfZod(schema: z.ZodType | undefined): unknown {
  if (!schema) return undefined;
  try {
    return skeletonOf(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema);
  } catch {
    return {};
  }
}

type Path = (string | number)[];

function pathsOf(value: unknown, prefix: Path = []): { all: Path[]; objects: Path[] } {
  const all: Path[] = [prefix];
  const objects: Path[] = [];
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      const inner = pathsOf(v, [...prefix, i]);
      all.push(...inner.all);
      objects.push(...inner.objects);
    });
  } else if (value && typeof value === 'object') {
    objects.push(prefix);
    for (const [k, v] of Object.entries(value)) {
      const inner = pathsOf(v, [...prefix, k]);
      all.push(...inner.all);
      objects.push(...inner.objects);
    }
  }
  return { all, objects };
}

function replaceAt(value: unknown, path: Path, replacement: (old: unknown) => unknown): unknown {
  if (path.length === 0) return replacement(value);
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    return value.map((v, i) => (i === head ? replaceAt(v, rest, replacement) : v));
  }
  const source = value as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(source)) {
    Object.defineProperty(copy, k, {
      value: k === head ? replaceAt(v, rest, replacement) : v,
      enumerable: true,
      configurable: true,
      writable: true,
    });
  }
  return copy;
}

/**
 * Inputs built from `skeleton`, each broken in one way: one value (or the whole input)
 * replaced by a hostile one, a prototype key added to an object, or the input wrapped in an array.
 */
export function hostileInputs(skeleton: unknown): fc.Arbitrary<unknown> {
  const { all, objects } = pathsOf(skeleton);
  const replaced = fc
    .tuple(fc.constantFrom(...all), hostileLeaf)
    .map(([path, leaf]) => replaceAt(skeleton, path, () => leaf));
  const options: fc.Arbitrary<unknown>[] = [replaced, replaced, replaced];
  if (objects.length > 0) {
    options.push(
      fc
        .tuple(fc.constantFrom(...objects), fc.constantFrom(...PROTO_KEYS), hostileLeaf)
        .map(([path, key, leaf]) =>
          replaceAt(skeleton, path, (old) => withKey(key, leaf, old as Record<string, unknown>)),
        ),
      fc
        .tuple(fc.constantFrom(...objects), fc.constantFrom(...BAD_TEXT))
        .map(([path, key]) =>
          replaceAt(skeleton, path, (old) => withKey(key, 'x', old as Record<string, unknown>)),
        ),
    );
  }
  options.push(fc.constant([skeleton]));
  return fc.oneof(...options);
}

/** A short, printable form of an input for failure reports. */
export function describeInput(value: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value, (_k, v) =>
      typeof v === 'string' && v.length > 60 ? `${v.slice(0, 20)}…(${v.length} chars)` : v,
    );
  } catch {
    text = JSON.stringify(value)?.slice(0, 300); // a replacer recurses deeper than the stack allows
  }
  return (text ?? 'undefined').length > 300 ? `${text.slice(0, 300)}…` : (text ?? 'undefined');
}

/** Everything one request did wrong; an empty list is a pass. */
export function problemsOf(
  res: { status: number; text: string },
  input: unknown,
  expectBadTextRefused: boolean,
): string[] {
  const problems: string[] = [];
  if (res.status >= 500) problems.push(`status ${res.status}`);
  if (DATABASE_TEXT.test(res.text)) problems.push(`database text in body: ${res.text.slice(0, 200)}`);
  if (expectBadTextRefused && hasBadText(input) && res.status !== 400 && res.status !== 413) {
    problems.push(`NUL or lone surrogate answered ${res.status}, not 400`);
  }
  return problems;
}

/** A form body as sent on the wire: its content type and raw bytes. */
export interface RawForm {
  contentType: string;
  body: string;
  /** What is wrong with it, for failure reports. */
  label: string;
}

const CRLF = '\r\n';

function multipartOf(boundary: string, fields: Record<string, string>): string {
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}${CRLF}Content-Disposition: form-data; name="${name}"${CRLF}${CRLF}${value}${CRLF}`,
  );
  return `${parts.join('')}--${boundary}--${CRLF}`;
}

/**
 * Multipart bodies a form route must answer with a 4xx, never a 5xx: boundaries missing, wrong or
 * malformed, bodies cut short, parts without headers, a file part where text is expected, and
 * multipart bytes under another content type. Built from `fields` so a readable body carries
 * hostile values as deep as a real form's would go.
 */
export function malformedMultipart(fields: Record<string, string>): RawForm[] {
  const boundary = 'fuzzBoundary7MA4YWxkTrZu0gW';
  const whole = multipartOf(boundary, fields);
  const type = `multipart/form-data; boundary=${boundary}`;
  const withFile =
    `--${boundary}${CRLF}Content-Disposition: form-data; name="image"; filename="x.png"${CRLF}` +
    `Content-Type: image/png${CRLF}${CRLF}\u0089PNG${CRLF}--${boundary}--${CRLF}`;
  return [
    { label: 'well formed', contentType: type, body: whole },
    { label: 'no boundary parameter', contentType: 'multipart/form-data', body: whole },
    { label: 'empty boundary', contentType: 'multipart/form-data; boundary=', body: whole },
    { label: 'other boundary', contentType: 'multipart/form-data; boundary=elsewhere', body: whole },
    { label: 'quoted odd boundary', contentType: 'multipart/form-data; boundary="a b;c"', body: whole },
    {
      label: 'boundary too long',
      contentType: `multipart/form-data; boundary=${'b'.repeat(200)}`,
      body: whole,
    },
    {
      label: 'truncated',
      contentType: type,
      body: whole.slice(0, Math.max(1, Math.floor(whole.length / 2))),
    },
    { label: 'no closing boundary', contentType: type, body: whole.replace(`--${boundary}--${CRLF}`, '') },
    { label: 'empty body', contentType: type, body: '' },
    { label: 'garbage', contentType: type, body: '\u0000\u00ff--\r\n\r\n--' },
    {
      label: 'part without headers',
      contentType: type,
      body: `--${boundary}${CRLF}${CRLF}orphan${CRLF}--${boundary}--${CRLF}`,
    },
    {
      label: 'part without a name',
      contentType: type,
      body: `--${boundary}${CRLF}Content-Disposition: form-data${CRLF}${CRLF}x${CRLF}--${boundary}--${CRLF}`,
    },
    { label: 'file where text is expected', contentType: type, body: withFile },
    { label: 'upper-case media type', contentType: `Multipart/Form-Data; boundary=${boundary}`, body: whole },
    { label: 'multipart body as text/plain', contentType: 'text/plain', body: whole },
    { label: 'multipart body as urlencoded', contentType: 'application/x-www-form-urlencoded', body: whole },
    { label: 'multipart body as JSON', contentType: 'application/json', body: whole },
  ];
}
