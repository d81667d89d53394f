/**
 * The one check every door runs on what a caller sent (tRPC input, REST query, id and body)
 * before any schema or query sees it. PostgreSQL cannot store NUL in text and refuses lone
 * UTF-16 surrogates once encoded; prototype-named keys are never data here and, looked up in a
 * plain object, reach Object.prototype instead. Each used to end as a 500; now it is a 400 that
 * names the field. Deep nesting is refused too: no input of ours nests more than a few levels,
 * and recursive code (superjson, zod, this walk) should not meet thousands.
 */
export const MAX_INPUT_DEPTH = 32;

const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export interface HostileInput {
  /** Dotted path of the offending field ('input' for the whole value). */
  field: string;
  message: string;
}

export function badTextProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain NUL characters';
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode text (no lone surrogates)';
  return null;
}

/** The first hostile part of `value`, or null when it is safe to validate and use. */
export function findHostileInput(value: unknown, path: string[] = [], depth = 0): HostileInput | null {
  const field = () => path.join('.') || 'input';
  if (typeof value === 'string') {
    const problem = badTextProblem(value);
    return problem ? { field: field(), message: `This text ${problem}.` } : null;
  }
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_INPUT_DEPTH) return { field: field(), message: 'This value is nested too deeply.' };
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, inner] of entries) {
    if (!Array.isArray(value)) {
      // Reported on the enclosing object: a field error keyed `__proto__` would itself be the
      // hazard (superjson refuses to serialize one), and a NUL key cannot be shown as a name.
      if (PROTOTYPE_KEYS.has(key))
        return { field: field(), message: `"${key}" is not an accepted field name.` };
      const problem = badTextProblem(key);
      if (problem) return { field: field(), message: `A field name here ${problem}.` };
    }
    const found = findHostileInput(inner, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}
