import { existsSync } from 'node:fs';
import { readdir, readFile, readlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/**
 * Whether some process has PGlite's data directory open. Two PGlite instances on one directory
 * corrupt it, so backups and restores refuse while the app (or a seed, or another copy) runs on it.
 *
 * PGlite writes `postmaster.pid` when it opens the directory and removes it when it closes, but
 * always with the same fake pid, so the file alone cannot tell a running server from one that was
 * killed. On Linux the open files settle it: a PGlite keeps its catalog files open while it runs.
 * A process whose open files we may not read (another user's) and that runs Node counts as a
 * holder, since we cannot tell; elsewhere than Linux, postmaster.pid alone counts.
 */
export interface DirectoryUse {
  inUse: boolean;
  /** Processes seen holding files of the directory, or that may (unreadable, running Node). */
  pids: number[];
  /** Why it counts as in use, or why a leftover postmaster.pid was ignored. */
  reason: string;
}

export async function pgliteDirectoryUse(dataPath: string): Promise<DirectoryUse> {
  const dir = resolve(dataPath);
  if (!existsSync(join(dir, 'postmaster.pid'))) return { inUse: false, pids: [], reason: 'closed' };
  if (!existsSync('/proc/self/fd')) {
    return { inUse: true, pids: [], reason: 'postmaster.pid is present (PGlite is open, or was killed)' };
  }
  const holders: number[] = [];
  const unsure: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    const held = await holdsFileUnder(pid, dir);
    if (held === true) holders.push(pid);
    if (held === 'unknown' && (await runsNode(pid))) unsure.push(pid);
  }
  if (holders.length > 0) {
    return { inUse: true, pids: holders, reason: `process ${holders.join(', ')} has its files open` };
  }
  if (unsure.length > 0) {
    return {
      inUse: true,
      pids: unsure,
      reason: `Node process ${unsure.join(', ')} may have its files open (not readable by this user)`,
    };
  }
  return { inUse: false, pids: [], reason: 'postmaster.pid left by a PGlite that was not closed' };
}

/** true when one of the process's open files lies under `dir`; 'unknown' when we may not look. */
async function holdsFileUnder(pid: number, dir: string): Promise<boolean | 'unknown'> {
  let fds: string[];
  try {
    fds = await readdir(`/proc/${pid}/fd`);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // ENOENT: the process ended while we looked.
    return code === 'EACCES' || code === 'EPERM' ? 'unknown' : false;
  }
  for (const fd of fds) {
    const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
    if (target === dir || target.startsWith(`${dir}/`)) return true;
  }
  return false;
}

async function runsNode(pid: number): Promise<boolean> {
  const commandLine = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  return /node|tsx/.test(commandLine);
}
