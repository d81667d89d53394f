import { renderToString } from 'react-dom/server';
import type { TextBodyCopies } from '../../api/platform/compressed-copies';
import { joinParts, KeptText, type TextPart } from '../../api/platform/gzip-parts';
import { withKnownTextBody } from '../../api/platform/text-bodies';
import { Footer } from '../layout/Footer';
import { Header } from '../layout/Header';
import { chooseLayout, type LayoutChoice } from '../lib/choose-layout';
import { boundedMemo } from '../server/bounded-memo';
import { type HeaderAccountData, loadHeaderAccount } from '../server/header-account';
import { Island } from '../server/Island';
import { renderFragment } from '../server/island-collector';
import type { KeptBodyPage, Page, PageContext } from '../server/page';
import { Document } from './Document';
import { mainFragment } from './main-fragment';
import { keptFragment, keptFragments, type PageFragment } from './page-fragment';
import { headerWithQuery } from './query-header';

/** Renders a page inside the chrome its path calls for and answers with HTML. */
export async function renderPage(c: PageContext, page: Page | KeptBodyPage): Promise<Response> {
  const { html, status, parts } = await renderPageHtml(c, page);
  return sendRenderedPage(c, html, status, { parts });
}

/** A whole page's HTML and status, before it is sent. */
export interface RenderedPage {
  html: string;
  status: number;
  /** The same HTML in parts, those shared with other answers kept (api/platform/gzip-parts.ts). */
  parts: TextPart[];
}

/**
 * Answers with a rendered page: its HTML as a string (renderPageHtml) or as UTF-8 bytes kept from
 * an earlier render (site/server/kept-pages.ts), compressed from that body like every page, not
 * through a stream (api/middleware/compression.ts); `copies.compressed` keeps a kept page's gzip
 * once made, `copies.parts` lets only the parts new to this answer be compressed.
 */
export function sendRenderedPage(
  c: PageContext,
  html: string | Uint8Array,
  status: number,
  copies: TextBodyCopies = {},
): Response {
  const response = c.body(html as string | Uint8Array<ArrayBuffer>, status as 200, {
    'Content-Type': 'text/html; charset=UTF-8',
  });
  return withKnownTextBody(c, response, html, copies);
}

/** The page inside the chrome its path calls for, as HTML. */
export async function renderPageHtml(c: PageContext, page: Page | KeptBodyPage): Promise<RenderedPage> {
  const user = c.get('user');
  const choice = chooseLayout(page.layoutPath ?? c.req.path, user !== null);
  const config = c.get('config');
  const assets = c.get('assets');
  const withHeader = choice.layout === 'home' || choice.layout === 'standard';
  const query = withHeader ? (c.req.query('q') ?? '') : '';
  const account = withHeader ? await loadHeaderAccount(c) : null;

  const fragments = assemble(choice, page, user, account, query);
  if (choice.layout !== 'admin' && (page.status ?? 200) < 400)
    fragments.push(trackerFragment(user?.id ?? null));
  const islands = [...new Set(fragments.flatMap((f) => f.islands))];
  const canonicalUrl = config.appUrl + (page.meta.canonicalPath ?? c.req.path);
  const shell = {
    meta: page.meta,
    canonicalUrl,
    imageUrl: page.meta.image ? config.appUrl + page.meta.image : undefined,
    choice,
    stylesheets: assets.stylesheets,
    scripts: assets.scriptsFor(islands),
  };
  // The document around the body is a pure function of these plain values.
  const document = documentShells(JSON.stringify(shell), () =>
    documentAround(renderToString(<Document {...shell}>{BODY_SLOT}</Document>)),
  );
  // The body is rendered first to learn which islands it used; the document is then
  // rendered around a placeholder that the body's HTML takes the place of.
  const parts: TextPart[] = [document.before, ...fragments.flatMap(fragmentParts), document.after];
  return { html: joinParts(parts), status: page.status ?? 200, parts };
}

/** A fragment's share of the page's parts: kept whole, or its new text with any kept markup inside. */
function fragmentParts(fragment: PageFragment): TextPart[] {
  if (fragment.kept) return [fragment.kept];
  return fragment.parts ?? [fragment.html];
}

const BODY_SLOT_HTML = '<template id="body-slot"></template>';
const BODY_SLOT = <template id="body-slot" />;

/** The document's markup before and after its body, kept: every page of the same shell shares it. */
interface DocumentAround {
  before: KeptText;
  after: KeptText;
}
const documentShells = boundedMemo<DocumentAround>(1_000);

function documentAround(rendered: string): DocumentAround {
  const at = rendered.indexOf(BODY_SLOT_HTML);
  if (at < 0) throw new Error('render-page: the document lost its body slot');
  return {
    before: new KeptText(`<!doctype html>${rendered.slice(0, at)}`),
    after: new KeptText(rendered.slice(at + BODY_SLOT_HTML.length)),
  };
}

function assemble(
  choice: LayoutChoice,
  page: Page | KeptBodyPage,
  user: PageContext['var']['user'],
  account: HeaderAccountData | null,
  query: string,
): PageFragment[] {
  switch (choice.layout) {
    // /admin pages are served by the staff console, which draws its own frame
    // (api/routes/admin-console.ts); a server page under /admin gets no chrome either.
    case 'bare':
    case 'admin':
      return [mainFragment(page, 'bare-main')];
    default: {
      return [
        headerFragment(choice, user, account, query),
        mainFragment(page, `page page--${choice.layout}`),
        cachedFragment(`footer:${choice.footer}`, 'f', () => <Footer kind={choice.footer} />),
      ];
    }
  }
}

/**
 * The header. A visitor's without a search query is the same for every request of its kind;
 * with one, the same but for the query (query-header.ts). A member's is the same for every
 * request with the same inputs (memberHeader).
 */
function headerFragment(
  choice: LayoutChoice,
  user: PageContext['var']['user'],
  account: HeaderAccountData | null,
  query: string,
): PageFragment {
  const header = () => <Header choice={choice} user={user} account={account} query={query} />;
  const kind = `${choice.layout}:${choice.logo}`;
  if (user === null) {
    if (query === '') return cachedFragment(`header:${kind}`, 'h', header);
    return headerWithQuery(kind, query, (typed) =>
      renderFragment('h', <Header choice={choice} user={null} account={null} query={typed} />),
    );
  }
  if (account !== null) return memberHeader([choice.layout, choice.logo, user, account, query], header);
  return renderFragment('h', header());
}

/**
 * First-party analytics (site/islands/Tracker.tsx) on every page a visitor actually saw: not on
 * admin paths and not on error pages (whose absence of scripts is deliberate). Signed-in users'
 * ids come from the server render, for /api/log-activity.
 */
function trackerFragment(userId: number | null): PageFragment {
  const tracker = () => <Island name="Tracker" props={{ userId }} />;
  if (userId === null) return cachedFragment('tracker:visitor', 't', tracker);
  // Kept per member like their header: a page whose other parts are all kept then compresses
  // nothing new (docs/decisions/0060-kept-page-bodies.md).
  return memberTrackers(String(userId), 't', tracker);
}

const memberTrackers = keptFragments(1_000);

/**
 * Fragments that depend on nothing but their key (the footer, a visitor's header) are
 * rendered once per process: they are most of a page's markup and all of its static parts.
 */
const fragmentCache = new Map<string, PageFragment>();

function cachedFragment(key: string, namespace: string, element: () => React.ReactElement): PageFragment {
  let fragment = fragmentCache.get(key);
  if (!fragment) {
    fragment = keptFragment(renderFragment(namespace, element()));
    fragmentCache.set(key, fragment);
  }
  return fragment;
}

/**
 * A signed-in header is a pure function of its inputs (the layout, the session user, the account
 * data with its CSRF token, the search query): its islands render from their props alone, with
 * queries off. Rendering it was about a tenth of a member page's CPU (issue 17), so its HTML is
 * kept per input, keyed by all of them: a member's header is only ever answered to a request
 * that would have rendered exactly the same bytes. Bounded: the least recently used go first.
 */
const memberHeaders = keptFragments(1_000);

function memberHeader(inputs: unknown[], element: () => React.ReactElement): PageFragment {
  return memberHeaders(JSON.stringify(inputs), 'h', element);
}
