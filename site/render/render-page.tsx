import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { renderToString } from 'react-dom/server';
import { Footer } from '../layout/Footer';
import { Header } from '../layout/Header';
import { chooseLayout, type LayoutChoice } from '../lib/choose-layout';
import { type HeaderAccountData, loadHeaderAccount } from '../server/header-account';
import { Island } from '../server/Island';
import { renderFragment } from '../server/island-collector';
import type { Page, PageContext } from '../server/page';
import { Document } from './Document';

/**
 * Renders a page inside the chrome its path calls for and answers with HTML. Every page is drawn
 * for its request by React's server renderer; nothing of one answer is kept for another
 * (docs/decisions/0079-pages-rendered-plainly.md). Visitors' pages may still be answered from the
 * visitor page cache (api/middleware/visitor-page-cache.ts), which stores whole answers.
 */
export async function renderPage(c: PageContext, page: Page): Promise<Response> {
  const user = c.get('user');
  const choice = chooseLayout(page.layoutPath ?? c.req.path, user !== null);
  const status = page.status ?? 200;
  const chrome = hasChrome(choice);
  const account = chrome ? await loadHeaderAccount(c) : null;
  const body = renderFragment(
    <PageBody
      page={page}
      choice={choice}
      user={user}
      account={account}
      query={chrome ? (c.req.query('q') ?? '') : ''}
      tracked={choice.layout !== 'admin' && status < 400}
    />,
  );
  const config = c.get('config');
  const assets = c.get('assets');
  // The body was rendered first to learn which islands it used: the head links only their code.
  const document = renderToString(
    <Document
      meta={page.meta}
      canonicalUrl={config.appUrl + (page.meta.canonicalPath ?? c.req.path)}
      imageUrl={page.meta.image ? config.appUrl + page.meta.image : undefined}
      choice={choice}
      stylesheets={assets.stylesheets}
      scripts={assets.scriptsFor(body.islands)}
      bodyHtml={body.html}
    />,
  );
  // Said before the answer exists: the compress middleware would otherwise add it by re-wrapping
  // the answer, which turns its string into a stream even when nothing is compressed.
  c.header('Vary', 'Accept-Encoding', { append: true });
  return c.html(`<!doctype html>${document}`, status as ContentfulStatusCode);
}

/**
 * The header and footer frame the home and standard layouts. /admin pages are served by the staff
 * console, which draws its own frame (api/doors/routes/admin-console.ts); a server page under /admin
 * gets no chrome either, nor do the bare pages.
 */
function hasChrome(choice: LayoutChoice): boolean {
  return choice.layout === 'home' || choice.layout === 'standard';
}

function PageBody({
  page,
  choice,
  user,
  account,
  query,
  tracked,
}: {
  page: Page;
  choice: LayoutChoice;
  user: PageContext['var']['user'];
  account: HeaderAccountData | null;
  query: string;
  /**
   * First-party analytics (site/islands/Tracker.tsx) on every page a visitor actually saw: not on
   * admin paths and not on error pages (whose absence of scripts is deliberate). Signed-in users'
   * ids come from the server render, for /api/log-activity.
   */
  tracked: boolean;
}) {
  const chrome = hasChrome(choice);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {chrome && <Header choice={choice} user={user} account={account} query={query} />}
      <main id="main" className={chrome ? `page page--${choice.layout}` : 'bare-main'}>
        {page.body}
      </main>
      {chrome && <Footer kind={choice.footer} />}
      {tracked && <Island name="Tracker" props={{ userId: user?.id ?? null }} />}
    </>
  );
}
