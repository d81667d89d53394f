import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono } from 'hono';
import { signInUrl } from '../../../site/lib/sign-in-url';
import { notFoundPage } from '../../../site/render/error-pages';
import { renderPage } from '../../../site/render/render-page';
import { screenForPath } from '../../contract/console-screens';
import type { AppEnv } from '../../middleware/app-env';
import { loadStaffAccess } from '../../modules/staff/access';

/**
 * The react-admin console (admin-console/) under /admin with real paths: every screen path,
 * typed or reloaded, answers the console's index.html and the client router takes over.
 * The server decides who gets it: visitors are sent to sign in, members without a staff role
 * to /403. Which screens a staff member may open is the console's business (it reads the same
 * admin-screens.ts and shows Access Denied); the data behind each screen is guarded by the REST API.
 */
export interface AdminConsoleOptions {
  /** The console build (dist/admin). Absent in development and tests: the page loads the sources through Vite. */
  buildDir?: string;
}

const SOURCE_HTML = fileURLToPath(new URL('../../../admin-console/index.html', import.meta.url));

/** Development: the same index.html, pointing at the sources that Vite's middleware serves. */
function developmentHtml(): string {
  return readFileSync(SOURCE_HTML, 'utf8').replace(
    /<script type="module" src="\.\/main\.tsx"><\/script>/,
    '<script type="module" src="/@vite/client"></script><script type="module" src="/admin-console/main.tsx"></script>',
  );
}

function builtHtml(buildDir: string): string | null {
  const file = resolve(buildDir, 'index.html');
  if (!existsSync(file)) {
    console.error(`No console build at ${file}: run "npm run build". /admin answers 503 until then.`);
    return null;
  }
  return readFileSync(file, 'utf8');
}

export function registerAdminConsole(app: Hono<AppEnv>, options: AdminConsoleOptions) {
  const html = options.buildDir ? builtHtml(options.buildDir) : developmentHtml();

  if (options.buildDir) {
    app.use(
      '/admin/assets/*',
      serveStatic({
        root: options.buildDir,
        rewriteRequestPath: (path) => path.replace(/^\/admin/, ''),
        onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
      }),
    );
  }
  // A missing asset is a 404, never the console's HTML in its place.
  app.get('/admin/assets/*', (c) => c.text('Not found', 404));

  const serveConsole = async (c: Context<AppEnv>) => {
    const user = c.get('user');
    const url = new URL(c.req.url);
    if (!user) return c.redirect(signInUrl(`${url.pathname}${url.search}`), 302);
    // Staff without a second factor get the console too: it shows them only the enrolment panel.
    if (!(await loadStaffAccess(c.get('db'), user.id, { secondFactor: c.get('secondFactor') }))) {
      return c.redirect('/403', 302);
    }
    if (!screenForPath(url.pathname)) return renderPage(c, notFoundPage());
    if (html === null) return c.text('The staff console has not been built yet.', 503);
    c.header('Cache-Control', 'no-cache');
    return c.html(html);
  };
  app.get('/admin', serveConsole);
  app.get('/admin/*', serveConsole);
}
