import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../../api/middleware/app-env';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  RateLimitedError,
  ValidationError,
} from '../../../api/modules/errors';
import { loadJob } from '../../../api/modules/job-board/views';

/**
 * The job board's plain form posts (they work without JavaScript): posted fields, and the domain's
 * refusals turned into what a re-rendered form shows, with a 4xx status. Anything else is a bug
 * and goes on to the error page.
 */

/** Every posted field as the list of its values (checkbox groups repeat a name). */
export async function postedFields(c: Context<AppEnv>): Promise<Record<string, string[]>> {
  const body = await c.req.parseBody({ all: true }).catch(() => ({}));
  const fields: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(body)) {
    fields[key] = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
  }
  return fields;
}

export const first = (fields: Record<string, string[]>, key: string) => fields[key]?.[0] ?? '';

export interface FormFailure {
  status: 400 | 403 | 404 | 409 | 429;
  errors: Record<string, string[]>;
  formError?: string;
}

export function zodFailure(error: z.ZodError): FormFailure {
  return {
    status: 400,
    errors: z.flattenError(error).fieldErrors as Record<string, string[]>,
    formError: 'Please correct the highlighted fields.',
  };
}

export function domainFailure(error: unknown): FormFailure | null {
  if (error instanceof ValidationError)
    return { status: 400, errors: error.fieldErrors, formError: error.message };
  if (error instanceof RateLimitedError) return { status: 429, errors: {}, formError: error.message };
  if (error instanceof ConflictError) return { status: 409, errors: {}, formError: error.message };
  if (error instanceof ForbiddenError) return { status: 403, errors: {}, formError: error.message };
  if (error instanceof NotFoundError) return { status: 404, errors: {}, formError: error.message };
  return null;
}

/** A whole number typed in a form; blank is null, anything else unreadable stays NaN for zod to refuse. */
export function numberField(text: string): number | null {
  const trimmed = text.replace(/[$,\s]/g, '');
  return trimmed === '' ? null : Number(trimmed);
}

/** A positive id from the URL, or null. */
export function idParam(text: string | undefined): number | null {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
}

/** The session member's own posting named by the URL, or null: anyone else is told it does not exist. */
export async function ownJob(c: Context<AppEnv>, rawId: string) {
  const jobId = idParam(rawId);
  const job = jobId ? await loadJob(c.get('db'), jobId) : null;
  return job && job.employerId === c.get('user')?.id ? job : null;
}
