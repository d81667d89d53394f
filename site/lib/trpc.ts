import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import superjson from 'superjson';
import type { FieldErrorShape } from '../../api/contract/field-errors';
import type { AppRouter } from '../../api/doors/trpc/routers';

/**
 * The wire format of docs/product/spec.md §7: one POST per call to /api/doors/trpc/router.procedure with {"json": …}.
 * Same origin, so cookies go along.
 */
export const trpc = createTRPCClient<AppRouter>({
  links: [httpLink({ url: '/api/doors/trpc', transformer: superjson, methodOverride: 'POST' })],
});

/** Field errors from a failed call (zod or domain validation), or null. */
export function fieldErrorsOf(error: unknown): FieldErrorShape | null {
  if (error instanceof TRPCClientError) {
    const data = error.data as { zodError?: FieldErrorShape | null } | undefined;
    return data?.zodError ?? null;
  }
  return null;
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}
