import {
  HELP_ARTICLES,
  HELP_SECTIONS,
  type HelpArticle,
} from '../../../api/modules/support-tickets/help-articles';
import { HELP_QUERY_MAX, searchHelpArticles } from '../../../api/modules/support-tickets/help-search';

function Article({ article, level }: { article: HelpArticle; level: 'h3' | 'h4' }) {
  const Heading = level;
  return (
    <article className="help-article" id={article.slug} aria-labelledby={`${article.slug}-title`}>
      <Heading id={`${article.slug}-title`}>{article.title}</Heading>
      {article.paragraphs.map((p) => (
        <p key={p.slice(0, 40)}>{p}</p>
      ))}
      {article.links.length > 0 && (
        <p className="help-article__links">
          {article.links.map((l, i) => (
            <span key={l.href}>
              {i > 0 && ' · '}
              <a href={l.href}>{l.label}</a>
            </span>
          ))}
        </p>
      )}
    </article>
  );
}

/** The search box: a GET form, so searching works without JavaScript and each result page has a URL. */
function HelpSearchForm({ query }: { query: string }) {
  return (
    <search className="help-search" aria-label="Help articles">
      <form method="get" action="/contact">
        <label htmlFor="help-q">Search the help articles</label>
        <div className="help-search__row">
          <input
            id="help-q"
            name="q"
            type="search"
            maxLength={HELP_QUERY_MAX}
            defaultValue={query}
            placeholder="e.g. refund, password, donation limit"
          />
          <button type="submit" className="button button--primary">
            Search articles
          </button>
        </div>
      </form>
    </search>
  );
}

/** /contact?q=…: the matching articles, best first, or a way on when none match. */
function SearchResults({ query }: { query: string }) {
  const found = searchHelpArticles(query);
  return (
    <section aria-labelledby="help-results">
      <h2 id="help-results">
        {found.length === 0
          ? `No articles match “${query}”`
          : `${found.length} ${found.length === 1 ? 'article matches' : 'articles match'} “${query}”`}
      </h2>
      {found.length === 0 ? (
        <p>
          Try another word, <a href="/contact">browse all topics</a>, or send us your question with the form
          below.
        </p>
      ) : (
        <>
          {found.map((a) => (
            <Article key={a.slug} article={a} level="h3" />
          ))}
          <p>
            <a href="/contact">Browse all topics</a>
          </p>
        </>
      )}
    </section>
  );
}

function AllArticles() {
  return (
    <>
      {HELP_SECTIONS.map((section, i) => (
        <section key={section} aria-labelledby={`help-section-${i}`}>
          <h2 id={`help-section-${i}`}>{section}</h2>
          {HELP_ARTICLES.filter((a) => a.section === section).map((a) => (
            <Article key={a.slug} article={a} level="h3" />
          ))}
        </section>
      ))}
    </>
  );
}

/** The Help Center's articles: every topic, or the search results for `query`. */
export function HelpArticles({ query }: { query: string }) {
  return (
    <>
      <HelpSearchForm query={query} />
      {query ? <SearchResults query={query} /> : <AllArticles />}
    </>
  );
}
