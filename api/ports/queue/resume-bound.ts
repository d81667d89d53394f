/**
 * What decides how soon a run whose process died (kill -9, lost machine) is run again. pg-boss 10
 * has no heartbeat: the run stays 'active' until its expiry has passed and the upkeep has looked
 * (every `maintenanceIntervalSeconds`), then waits for its retry delay (the first retry with
 * backoff waits between one and two delays) and for a worker's next poll.
 */
export interface RunRecovery {
  expireInSeconds: number;
  maintenanceIntervalSeconds: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  pollingIntervalSeconds: number;
}

/** The longest wait between a process dying in a run and that run's retry starting. */
export function worstResumeSeconds(recovery: RunRecovery): number {
  const retryWait = recovery.retryBackoff ? 2 * recovery.retryDelaySeconds : recovery.retryDelaySeconds;
  return (
    recovery.expireInSeconds +
    recovery.maintenanceIntervalSeconds +
    retryWait +
    recovery.pollingIntervalSeconds
  );
}
