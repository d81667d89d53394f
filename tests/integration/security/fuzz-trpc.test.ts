import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { appRouter } from '../../../api/doors/trpc/routers';
import { seedDatabase } from '../../../api/seed/seed';
import { describeInput, FUZZ_SEED, hostileInputs, problemsOf, skeletonOfZod } from '../../factories/fuzz';
import { STAFF_EMAIL, signedIn } from '../../factories/staff';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

/**
 * Finding 9: every tRPC procedure, enumerated from appRouter itself (a new procedure is fuzzed
 * without editing this file), called over HTTP through the real app as a visitor, a member and
 * the super admin (every permission) with hostile inputs. No answer may be a 5xx or carry
 * PostgreSQL's text, and a NUL or lone surrogate anywhere in the input is a 400.
 * Replay a failure with FUZZ_SEED=<seed printed below>.
 */
const RUNS_PER_CALLER = Number(process.env.FUZZ_RUNS ?? 12);

const procedures = Object.entries(
  appRouter._def.procedures as unknown as Record<string, { _def: { inputs?: z.ZodType[] } }>,
).map(([path, procedure]) => ({ path, skeleton: skeletonOfZod(procedure._def.inputs?.[0]) }));

let t: TestApp;
const callers = new Map<string, TestBrowser>();
let sent = 0;

beforeAll(async () => {
  t = await createTestApp();
  // The whole demo on purpose: a fuzzer finds more where the procedures read and write real rows
  // (orders, conversations, postings, memberships), not empty tables.
  await seedDatabase(t.db, { members: 0 });
  callers.set('visitor', new TestBrowser(t));
  callers.set('member', await signedIn(t, 'member@demo.campaignhq.test'));
  callers.set('super admin', await signedIn(t, STAFF_EMAIL.SUPER_ADMIN));
});
afterAll(() => t?.close());

describe('tRPC input fuzzing', () => {
  it('answers every procedure, for every caller, without a 5xx, database text or accepted NUL', async () => {
    const failures: string[] = [];
    for (const { path, skeleton } of procedures) {
      for (const [who, browser] of callers) {
        const details = await fc.check(
          fc.asyncProperty(hostileInputs(skeleton), async (input) => {
            const res = await browser.trpc(path, input);
            sent++;
            const text = await res.text();
            const problems = problemsOf({ status: res.status, text }, input, true);
            if (problems.length > 0) throw new Error(`${problems.join('; ')} for ${describeInput(input)}`);
          }),
          { seed: FUZZ_SEED, numRuns: RUNS_PER_CALLER, endOnFailure: true },
        );
        if (details.failed) {
          failures.push(
            `${path} as ${who}: ${(details.errorInstance as Error | undefined)?.message ?? 'interrupted'}`,
          );
        }
      }
    }
    console.info(
      `tRPC fuzz (seed ${FUZZ_SEED}): ${procedures.length} procedures × ${callers.size} callers, ${sent} requests`,
    );
    expect(failures, `FUZZ_SEED=${FUZZ_SEED}`).toEqual([]);
  }, 300_000); // bounded by FUZZ_RUNS; about 20 s at the default on PGlite
});
