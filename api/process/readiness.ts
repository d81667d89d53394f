/**
 * Whether this process should be sent traffic (GET /readyz), apart from whether it is alive
 * (GET /healthz). A load balancer, or the supervisor's own round robin, sends requests to a
 * process only while it is ready: not before its migrations ran, its database answered and its
 * caches were filled, and no longer once it started draining for a stop
 * (docs/decisions/0038-several-workers-and-instances.md).
 */
export type ReadinessState = 'starting' | 'ready' | 'stopping';

export class Readiness {
  private current: ReadinessState = 'starting';
  /** What a starting process is doing, for /readyz and the logs. */
  step = 'loading';
  private markReady!: () => void;
  /** Resolves when the process first becomes ready. */
  readonly whenReady = new Promise<void>((resolve) => {
    this.markReady = resolve;
  });

  get state(): ReadinessState {
    return this.current;
  }

  starting(step: string) {
    if (this.current === 'starting') this.step = step;
  }

  ready() {
    if (this.current !== 'starting') return;
    this.current = 'ready';
    this.step = 'serving';
    this.markReady();
  }

  stopping() {
    this.current = 'stopping';
    this.step = 'draining';
  }
}

/** For an app that is ready as soon as it exists (tests, tools that build the app directly). */
export function alreadyReady(): Readiness {
  const readiness = new Readiness();
  readiness.ready();
  return readiness;
}
