/**
 * Errors the domain raises. Doors translate them once (tRPC: api/doors/trpc/init.ts; pages and
 * REST: their own error mapping), so services never import a transport.
 */
export class DomainError extends Error {}

/** Input passed the schema but breaks a rule that needs the database (unknown state, taken handle...). */
export class ValidationError extends DomainError {
  constructor(
    readonly fieldErrors: Record<string, string[]>,
    message = 'Please correct the highlighted fields.',
  ) {
    super(message);
  }
}

export class NotFoundError extends DomainError {}
export class ConflictError extends DomainError {}
export class ForbiddenError extends DomainError {}
export class UnauthorizedError extends DomainError {}

export class RateLimitedError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
