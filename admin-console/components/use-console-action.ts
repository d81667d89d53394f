import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';

/** What an action tells the staff member: a success line, or its own tone (a failed check). */
export type ActionOutcome = string | { message: string; type: 'success' | 'error' };

/**
 * A console button's round trip: busy while it runs, the outcome or the server's error as a
 * notification, the screen's data refreshed after success. `run` resolves true on success, so a
 * form can clear its fields.
 *
 * Reads still in flight are cancelled before the refresh: one that began before the change (the
 * list of a filter just typed) would otherwise answer with what the change replaced, and
 * react-query folds a refresh into a first fetch already running instead of starting another.
 */
export function useConsoleAction() {
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<ActionOutcome>): Promise<boolean> => {
    setBusy(true);
    try {
      const outcome = await action();
      const { message, type } =
        typeof outcome === 'string' ? { message: outcome, type: 'success' as const } : outcome;
      notify(message, { type });
      await queryClient.cancelQueries();
      refresh();
      return true;
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
