import { initTRPC, type TRPC_ERROR_CODE_KEY, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { ZodError, z } from 'zod';
import type { FieldErrorShape } from '../../contract/field-errors';
import { DATA_EXCEPTION_MESSAGE, isDataException } from '../../middleware/database-errors';
import { findHostileInput } from '../../middleware/input-guard';
import {
  ConflictError,
  type DomainError,
  ForbiddenError,
  NotFoundError,
  RateLimitedError,
  UnauthorizedError,
  ValidationError,
} from '../../modules/errors';
import type { PermissionRequirement } from '../../modules/staff/access';
import type { TrpcContext } from './context';

function fieldErrorsOf(cause: unknown): FieldErrorShape | null {
  if (cause instanceof ZodError) return z.flattenError(cause);
  if (cause instanceof ValidationError) return { formErrors: [], fieldErrors: cause.fieldErrors };
  return null;
}

/** Read by the permission test: every guarded procedure declares what it requires. */
export interface ProcedureMeta {
  access?: PermissionRequirement;
}

const t = initTRPC
  .context<TrpcContext>()
  .meta<ProcedureMeta>()
  .create({
    transformer: superjson,
    // Field errors reach the client as { fieldErrors, formErrors } rather than a JSON string,
    // so forms can put each message beside its field. An internal error's own message (often
    // PostgreSQL's, naming tables and values) stays in the log: the client gets a generic one.
    errorFormatter({ shape, error }) {
      const zodError = fieldErrorsOf(error.cause);
      const message =
        error.code === 'INTERNAL_SERVER_ERROR'
          ? 'Something went wrong. Please try again.'
          : error.cause instanceof ZodError
            ? 'Please correct the highlighted fields.'
            : shape.message;
      return { ...shape, message, data: { ...shape.data, stack: undefined, zodError } };
    },
  });

export const router = t.router;
export const middleware = t.middleware;
export const createCallerFactory = t.createCallerFactory;

const DOMAIN_CODES: [new (...args: never[]) => DomainError, TRPC_ERROR_CODE_KEY][] = [
  [ValidationError, 'BAD_REQUEST'],
  [NotFoundError, 'NOT_FOUND'],
  [ConflictError, 'CONFLICT'],
  [ForbiddenError, 'FORBIDDEN'],
  [UnauthorizedError, 'UNAUTHORIZED'],
  [RateLimitedError, 'TOO_MANY_REQUESTS'],
];

/**
 * Translates domain errors to RPC codes in one place, so services never import tRPC. A value
 * PostgreSQL refused as data (SQLSTATE class 22) is the caller's mistake: BAD_REQUEST, without
 * the database's text.
 */
const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    const match = DOMAIN_CODES.find(([type]) => cause instanceof type);
    if (match) throw new TRPCError({ code: match[1], message: (cause as Error).message, cause });
    if (isDataException(cause)) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: DATA_EXCEPTION_MESSAGE, cause });
    }
  }
  return result;
});

/**
 * NUL, lone surrogates, prototype-named keys and deep nesting anywhere in the raw input are a
 * BAD_REQUEST with a field error, before the session check, the schema or any query runs
 * (api/middleware/input-guard.ts).
 */
const inputGuard = t.middleware(async ({ getRawInput, next }) => {
  const hostile = findHostileInput(await getRawInput());
  if (hostile) {
    const cause = new ValidationError({ [hostile.field]: [hostile.message] });
    throw new TRPCError({ code: 'BAD_REQUEST', message: cause.message, cause });
  }
  return next();
});

/** Every procedure starts here; api/doors/trpc/procedures.ts adds the session and permission tiers. */
export const baseProcedure = t.procedure.use(domainErrors).use(inputGuard);
