/**
 * `npm test`: every check, with the steps that fit side by side on two cores run together, over one
 * database template that this process makes first and drops last, also after a failure or an
 * interrupt (docs/decisions/0068-one-database-template-per-test-run.md).
 *
 *   the database template  →  unit and integration tests ‖ lint ‖ typecheck ‖ build
 *   →  end-to-end tests  →  Lighthouse (alone: it measures speed)
 *
 * Each step is an npm script, so `npm run test:unit` and the rest still run alone. Lines are
 * prefixed with their step's name; a failed step stops the others and fails the run.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import {
  createDatabaseTemplate,
  type DatabaseTemplate,
  dropDatabaseTemplate,
  TEMPLATE_ENV,
} from './database-template';

type Step = { script: string; label: string };

const running = new Set<ChildProcess>();
let template: DatabaseTemplate | undefined;
let stopping = false;

function run({ script, label }: Step): Promise<void> {
  const started = performance.now();
  const child = spawn('npm', ['run', '--silent', script], {
    env: { ...process.env, ...(template ? { [TEMPLATE_ENV]: JSON.stringify(template) } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so that stopping it stops what it started (browsers, servers).
    detached: true,
  });
  running.add(child);
  const prefix = `[${label}] `;
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => console.log(prefix + line));
  }
  return new Promise((resolve, reject) => {
    child.on('exit', (code, signal) => {
      running.delete(child);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      if (code === 0) {
        console.log(`${prefix}done in ${seconds} s`);
        resolve();
      } else {
        reject(new Error(`${label} failed (${signal ?? `exit ${code}`}) after ${seconds} s`));
      }
    });
  });
}

async function makeTemplate(): Promise<void> {
  const started = performance.now();
  template = await createDatabaseTemplate(process.env.DATABASE_URL);
  const where = template.engine === 'postgres' ? `database ${template.name}` : template.file;
  console.log(`[template] ${where} ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function stopAll(): Promise<void> {
  stopping = true;
  for (const child of running) {
    if (child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {}
    }
  }
  // Playwright's web server drops its database on SIGTERM; give the steps a moment to finish.
  const deadline = Date.now() + 20_000;
  while (running.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (template) await dropDatabaseTemplate(template).catch((error: unknown) => console.error(error));
}

async function main(): Promise<void> {
  const started = performance.now();
  await makeTemplate();
  // Vitest leaves part of the two cores idle (many tests wait on timers, a second instance or the
  // database): lint, typecheck and the build run in that time.
  await Promise.all([
    run({ script: 'test:unit', label: 'unit' }),
    run({ script: 'lint', label: 'lint' }),
    run({ script: 'typecheck', label: 'typecheck' }),
    run({ script: 'build', label: 'build' }),
  ]);
  await run({ script: 'test:e2e', label: 'e2e' });
  await run({ script: 'test:lighthouse', label: 'lighthouse' });
  await stopAll();
  console.log(`npm test: every step passed in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (stopping) return;
    console.error(`npm test: ${signal}, stopping`);
    void stopAll().then(() => process.exit(130));
  });
}

main().catch(async (error: unknown) => {
  // After a signal the steps stop one by one; the signal's handler reports and exits.
  if (stopping) return;
  console.error(`npm test: ${error instanceof Error ? error.message : String(error)}`);
  await stopAll();
  process.exit(1);
});
