import type { SendOptions } from '../../ports/queue';

/**
 * The queue that delivers mass email (docs/decisions/0022-mass-email.md). 'stately' with the send id as key:
 * one run of a send waits and one runs at a time, so two workers never share a send's claims.
 */
export const MASS_EMAIL_QUEUE = 'mass-email';

export interface MassEmailJobData {
  sendId: number;
}

export function massEmailJobOptions(sendId: number, startAfter?: Date): SendOptions {
  return { singletonKey: `send:${sendId}`, ...(startAfter ? { startAfter } : {}) };
}
