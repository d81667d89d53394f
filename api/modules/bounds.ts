import { z } from 'zod';

/**
 * Numbers as PostgreSQL stores them. Most ids, quantities and counters are int4 (serial,
 * integer): a larger number passed zod's `.int()` and came back from PostgreSQL as
 * "value out of range for type integer", a 500. Inputs bound for those columns use these.
 */
export const INT4_MAX = 2_147_483_647;

/** A row id in a serial (int4) column. */
export const rowId = z.number().int().min(1).max(INT4_MAX);

/** Any int4 value, negative ones included. */
export const int4 = z
  .number()
  .int()
  .min(-INT4_MAX - 1)
  .max(INT4_MAX);
