import type { Db } from '../../../db/client';
import { NOTIFICATION_TYPE } from '../../contract/notification-types';
import type { RealtimePort } from '../../ports/realtime';
import { announceNotification, createNotification } from '../notifications/service';

/** The notification type for "New sign-in (security)" (docs/product/rulings.md, Notifications). */

/** "Chrome on macOS" from a User-Agent header; enough for a person to recognise their device. */
export function describeDevice(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|Chromium\/|CriOS\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null;
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'an unknown device';
}

/**
 * Tells a member about a sign-in from a browser their account has not used before
 * (api/doors/routes/auth.ts decides which: sign-in-devices.ts), so one they did not make stands out.
 * Runs after the session exists; a failure here must not fail the sign-in, so the caller catches.
 */
export async function notifyNewSignIn(
  db: Db,
  realtime: RealtimePort,
  userId: number,
  userAgent: string | undefined,
): Promise<void> {
  const created = await createNotification(db, {
    userId,
    type: NOTIFICATION_TYPE.newSignIn,
    message: `New sign-in to your account from ${describeDevice(userAgent)}. If this wasn't you, change your password.`,
    route: '/settings',
  });
  announceNotification(realtime, created);
}
