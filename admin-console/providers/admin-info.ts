import type { Permission } from '../../api/contract/permissions';

/** What admins.getAdminUserInfo answers (docs/product/spec.md §3, "Admin user info"). */
export interface AdminInfo {
  id: number;
  name: string;
  email: string;
  role: string | null;
  permissions: Permission[];
  department: string | null;
  title: string | null;
  isSuperAdmin: boolean;
  /** Staff who must set up two-factor sign-in before any screen opens (docs/decisions/0040-staff-two-factor-sign-in.md). */
  needsSecondFactor: boolean;
}

const FRESH_MS = 30_000;
let cached: { at: number; info: Promise<AdminInfo | null> } | null = null;
/** Why the last load failed (cleared by the next success): the console shows it (AdminInfoAlert). */
let lastFailure: string | null = null;

async function fetchAdminInfo(): Promise<AdminInfo | null> {
  const response = await fetch('/api/doors/trpc/admins.getAdminUserInfo', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: '{}',
  });
  if (response.status === 401) return null;
  if (!response.ok) throw new Error(`Loading your staff profile failed (${response.status}).`);
  const body = (await response.json()) as { result: { data: { json: AdminInfo } } };
  return body.result.data.json;
}

/**
 * The signed-in user's staff profile, or null when signed out. Kept for 30 s so that route
 * changes do not refetch it; a failed load is not kept.
 */
export function loadAdminInfo(force = false): Promise<AdminInfo | null> {
  if (!force && cached && Date.now() - cached.at < FRESH_MS) return cached.info;
  const info = fetchAdminInfo();
  cached = { at: Date.now(), info };
  info.then(
    () => {
      lastFailure = null;
    },
    (error: unknown) => {
      cached = null;
      lastFailure = error instanceof Error ? error.message : 'Loading your staff profile failed.';
    },
  );
  return info;
}

/** The message of the last failed load, or null when the last load succeeded. */
export function adminInfoFailure(): string | null {
  return lastFailure;
}

export function forgetAdminInfo() {
  cached = null;
  lastFailure = null;
}

/** Where a visitor signs in, coming back to `path` afterwards (absolute: react-admin then leaves the app). */
export function signInUrl(path: string): string {
  const params = new URLSearchParams({ callbackUrl: path, error: 'SessionRequired' });
  return `${window.location.origin}/api/auth/signin?${params}`;
}
