import type { Hono } from 'hono';
import { generatedAvatar } from '../../contract/avatars';
import type { AppEnv } from '../../middleware/app-env';

/**
 * Generated avatars for people without an uploaded image: /media/avatars/JR-210.svg draws
 * the initials on a circle of that hue. Stateless, so any process serves any avatar.
 */
export function registerAvatarRoute(app: Hono<AppEnv>) {
  app.get('/media/avatars/:file', async (c, next) => {
    // One pattern for what a generated avatar is, shared with the pages that draw them (api/contract/avatars.ts).
    const avatar = generatedAvatar(c.req.path);
    if (!avatar) return next();
    const { initials, hue } = avatar;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" role="img" aria-label="${initials}"><rect width="96" height="96" rx="48" fill="hsl(${hue} 55% 38%)"/><text x="48" y="60" font-family="Arial, Helvetica, sans-serif" font-size="36" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
    return c.body(svg, 200, {
      'Content-Type': 'image/svg+xml',
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  });
}
