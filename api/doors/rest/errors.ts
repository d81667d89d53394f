import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError, z } from 'zod';
import { DATA_EXCEPTION_MESSAGE, isDataException } from '../../middleware/database-errors';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  NotFoundError,
  RateLimitedError,
  UnauthorizedError,
  ValidationError,
} from '../../modules/errors';

/**
 * The REST door's error answers. react-admin's fetchJson shows `message`; its forms put
 * `errors.<field>` beside the field, so validation problems carry one message per field.
 */
export interface RestErrorBody {
  message: string;
  code: string;
  errors?: Record<string, string>;
}

export function restError(
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  message: string,
  errors?: Record<string, string>,
) {
  return c.json<RestErrorBody>({ message, code, ...(errors ? { errors } : {}) }, status);
}

const firstMessages = (fields: Record<string, string[] | undefined>) =>
  Object.fromEntries(
    Object.entries(fields).flatMap(([k, v]) => (v?.[0] ? [[k, v[0]] as [string, string]] : [])),
  );

/**
 * Translates what a handler threw; anything unknown is rethrown for the app's 500 handler,
 * which logs it and answers a generic message.
 */
export function restErrorResponse(c: Context, error: unknown): Response {
  if (error instanceof ZodError) {
    return restError(
      c,
      400,
      'BAD_REQUEST',
      'Please correct the highlighted fields.',
      firstMessages(z.flattenError(error).fieldErrors as Record<string, string[] | undefined>),
    );
  }
  if (error instanceof ValidationError) {
    return restError(c, 400, 'BAD_REQUEST', error.message, firstMessages(error.fieldErrors));
  }
  if (error instanceof RateLimitedError) {
    c.header('Retry-After', String(error.retryAfterSeconds));
    return restError(c, 429, 'TOO_MANY_REQUESTS', error.message);
  }
  if (error instanceof DomainError) {
    const [status, code] = statusOf(error);
    return restError(c, status, code, error.message);
  }
  // A value PostgreSQL refused as data is the caller's: 400, without the database's text.
  if (isDataException(error)) return restError(c, 400, 'BAD_REQUEST', DATA_EXCEPTION_MESSAGE);
  throw error;
}

function statusOf(error: DomainError): [ContentfulStatusCode, string] {
  if (error instanceof NotFoundError) return [404, 'NOT_FOUND'];
  if (error instanceof ConflictError) return [409, 'CONFLICT'];
  if (error instanceof ForbiddenError) return [403, 'FORBIDDEN'];
  if (error instanceof UnauthorizedError) return [401, 'UNAUTHORIZED'];
  return [400, 'BAD_REQUEST'];
}
