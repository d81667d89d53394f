import { DomainError } from '../../errors';

/**
 * The two ways storing a tracking event can fail, as the doors answer them (docs/decisions/0013-ingest-group-commit.md):
 * the database could not take it in time (503, try again), or it refused this event's data
 * (400: sending it again would not help).
 */
export class IngestUnavailableError extends DomainError {
  readonly retryAfterSeconds = 5;
  constructor() {
    super('Analytics is unavailable right now; try again shortly.');
  }
}

export class IngestRejectedError extends DomainError {
  constructor() {
    super('This event could not be stored.');
  }
}

/**
 * True when PostgreSQL refused the data of a statement rather than failing itself: SQLSTATE
 * class 22 (data exception: a NUL byte, a value out of range), 23 (a constraint) or 54 (a value
 * too large). Only these are worth splitting a batch over; anything else (a dropped connection,
 * a shutdown, a deadlock) says nothing about the rows and is retried whole.
 */
export function isRowError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(22|23|54)[0-9A-Z]{3}$/.test(code);
}

/** The SQLSTATE and message of a database error, for the rejected-events table and the log. */
export function describeError(error: unknown): { code: string | null; message: string } {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return { code: typeof code === 'string' ? code : null, message: message.slice(0, 1000) };
}
