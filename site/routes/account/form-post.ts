import { z } from 'zod';
import { RateLimitedError, ValidationError } from '../../../api/modules/errors';
import type { FieldErrors } from '../../lib/form-errors';
import type { PageContext } from '../../server/page';

/**
 * The account forms' plain POST fallbacks (browsers without JavaScript): the same schema and
 * service as the tRPC procedure, with refusals turned into props for the island to show.
 */
export type ActionResult =
  | { ok: true }
  | { ok: false; status: 400 | 429; errors: FieldErrors; formError?: string };

/** The posted fields, each as the list of its values (checkbox groups repeat a name). */
export type PostedForm = Record<string, string[]>;

export async function postedForm(c: PageContext): Promise<PostedForm> {
  const body = await c.req.parseBody({ all: true }).catch(() => ({}));
  const form: PostedForm = {};
  for (const [key, value] of Object.entries(body)) {
    form[key] = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
  }
  return form;
}

/** The first value of a field. */
export function one(form: PostedForm, key: string): string {
  return form[key]?.[0] ?? '';
}

export async function runAction<T>(
  schema: z.ZodType<T>,
  input: unknown,
  action: (data: T) => Promise<void>,
): Promise<ActionResult> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, status: 400, errors: z.flattenError(parsed.error).fieldErrors as FieldErrors };
  }
  try {
    await action(parsed.data);
    return { ok: true };
  } catch (error) {
    if (error instanceof ValidationError) return { ok: false, status: 400, errors: error.fieldErrors };
    if (error instanceof RateLimitedError)
      return { ok: false, status: 429, errors: {}, formError: error.message };
    throw error;
  }
}
