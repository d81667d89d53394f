import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Footer } from '../components/Footer';
import { Header } from '../components/Header';
import { chooseLayout, type LayoutChoice } from '../layout/choose-layout';
import { type HeaderAccountData, loadHeaderAccount } from '../lib/header-account';
import { IslandCollector } from '../lib/island-collector';
import type { Page, PageContext } from '../lib/page';
import { AdminShell } from './AdminShell';
import { Document } from './Document';

/** Renders a page inside the chrome its path calls for and answers with HTML. */
export async function renderPage(c: PageContext, page: Page): Promise<Response> {
  const user = c.get('user');
  const choice = chooseLayout(page.layoutPath ?? c.req.path, user !== null);
  const config = c.get('config');
  const assets = c.get('assets');
  const withHeader = choice.layout === 'home' || choice.layout === 'standard';
  const query = withHeader ? c.req.query('q') : undefined;
  const account = withHeader ? await loadHeaderAccount(c) : null;

  const used = new Set<string>();
  const body = renderToString(
    <IslandCollector.Provider value={used}>
      {chrome(choice, page.body, user, account, query)}
    </IslandCollector.Provider>,
  );
  const canonicalUrl = config.appUrl + (page.meta.canonicalPath ?? c.req.path);
  const head = renderToString(
    <Document
      meta={page.meta}
      canonicalUrl={canonicalUrl}
      imageUrl={page.meta.image ? config.appUrl + page.meta.image : undefined}
      choice={choice}
      stylesheets={assets.stylesheets}
      scripts={assets.scriptsFor([...used])}
    >
      {BODY_SLOT}
    </Document>,
  );
  // The body is rendered first to learn which islands it used; the document is then
  // rendered around a placeholder that the body's HTML replaces.
  const html = `<!doctype html>${head.replace(BODY_SLOT_HTML, () => body)}`;
  return c.html(html, (page.status ?? 200) as 200);
}

const BODY_SLOT_HTML = '<template id="body-slot"></template>';
const BODY_SLOT = <template id="body-slot" />;

function chrome(
  choice: LayoutChoice,
  body: ReactNode,
  user: PageContext['var']['user'],
  account: HeaderAccountData | null,
  query?: string,
) {
  switch (choice.layout) {
    case 'bare':
      return (
        <main id="main" className="bare-main">
          {body}
        </main>
      );
    case 'admin':
      return <AdminShell>{body}</AdminShell>;
    default:
      return (
        <>
          <Header choice={choice} user={user} account={account} query={query} />
          <main id="main" className={`page page--${choice.layout}`}>
            {body}
          </main>
          <Footer kind={choice.footer} />
        </>
      );
  }
}
