import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * postgres.js carries our dropped-connection and queue fixes as a patch that patch-package applies
 * at install (`postinstall`; patches/postgres+<version>.patch,
 * docs/decisions/0085-postgres-driver-patched-at-install.md). An install that skipped scripts, or a
 * new version of the package, would leave the driver that ends the process when PostgreSQL drops a
 * connection: this says so instead.
 */
const PATCHES = fileURLToPath(new URL('../patches/', import.meta.url));

// The package exports only its entry points; the CommonJS one require finds is <root>/cjs/src/index.js.
const ROOT = join(dirname(createRequire(import.meta.url).resolve('postgres')), '..', '..');

/** The installed version, and the file an ESM import of `postgres` loads under Node (`exports.import`). */
export function installedDriver(): { version: string; entry: string } {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    version: string;
    exports: { import: string };
  };
  return { version: pkg.version, entry: join(ROOT, pkg.exports.import) };
}

export interface DriverPatch {
  file: string;
  version: string;
  text: string;
}

/** The one postgres.js patch of patches/. */
export function driverPatch(): DriverPatch {
  const [file, ...others] = readdirSync(PATCHES).filter((name) => name.startsWith('postgres+'));
  if (!file || others.length > 0) throw new Error(`expected one postgres.js patch in ${PATCHES}`);
  return {
    file,
    version: file.slice('postgres+'.length, -'.patch'.length),
    text: readFileSync(join(PATCHES, file), 'utf8'),
  };
}

/**
 * What keeps the installed driver from being the patched one: a version other than the patch's,
 * an entry point outside the patched files, or a hunk whose patched text is not in its file.
 * Empty when every hunk is in place.
 */
export function driverPatchProblems(): string[] {
  const patch = driverPatch();
  const { version, entry } = installedDriver();
  if (version !== patch.version)
    return [`postgres ${version} is installed, ${patch.file} is for ${patch.version}`];
  const problems: string[] = [];
  const files = patchedText(patch.text);
  if (!files.has(relativeToPackage(entry)))
    problems.push(`Node loads ${entry}, which the patch leaves alone`);
  for (const [file, hunks] of files) {
    const installed = readFileSync(join(ROOT, file), 'utf8');
    hunks.forEach((hunk, i) => {
      if (!installed.includes(hunk)) problems.push(`${file}: hunk ${i + 1} is not applied`);
    });
  }
  return problems;
}

let patched = false;

/** Throws when the driver is not the patched one (an `npm ci --ignore-scripts`, a new version). */
export function assertDriverPatched(): void {
  if (patched) return;
  const problems = driverPatchProblems();
  if (problems.length > 0)
    throw new Error(
      `postgres.js is not patched (npx patch-package; docs/decisions/0085-postgres-driver-patched-at-install.md):\n  ${problems.join('\n  ')}`,
    );
  patched = true;
}

/** Each patched file (relative to the package) → its hunks as they read once applied. */
function patchedText(patch: string): Map<string, string[]> {
  const files = new Map<string, string[]>();
  let hunks: string[] | undefined;
  let lines: string[] | undefined;
  const endHunk = () => {
    if (hunks && lines) hunks.push(lines.join('\n'));
    lines = undefined;
  };
  for (const line of patch.split('\n')) {
    if (line.startsWith('+++ b/')) {
      endHunk();
      hunks = [];
      files.set(relativeToPackage(line.slice('+++ b/'.length)), hunks);
    } else if (line.startsWith('@@')) {
      endHunk();
      lines = [];
    } else if (lines && (line.startsWith(' ') || line.startsWith('+'))) lines.push(line.slice(1));
    else if (lines && !line.startsWith('-')) endHunk();
  }
  endHunk();
  return files;
}

/** `…/node_modules/postgres/src/index.js` → `src/index.js`. */
function relativeToPackage(path: string): string {
  const marker = 'node_modules/postgres/';
  return path.slice(path.lastIndexOf(marker) + marker.length);
}
