import type { Page } from '../lib/page';

export function notFoundPage(): Page {
  return {
    status: 404,
    layoutPath: '/404',
    meta: {
      title: 'Page not found',
      description: 'The page you asked for does not exist.',
      noindex: true,
      canonicalPath: '/404',
    },
    body: (
      <section className="status-page">
        <p className="status-page__code">404</p>
        <h1>We couldn’t find that page</h1>
        <p>
          The link may be old, or the page may have moved. Try searching for a person or start from the home
          page.
        </p>
        <p className="status-page__actions">
          <a className="button button--primary" href="/">
            Go to the home page
          </a>
          <a className="button" href="/search">
            Search people
          </a>
        </p>
      </section>
    ),
  };
}

export function forbiddenPage(): Page {
  return {
    status: 403,
    meta: {
      title: 'Access denied',
      description: 'You do not have permission to open this page.',
      noindex: true,
    },
    body: (
      <section className="status-page">
        <p className="status-page__code">403</p>
        <h1>Access Denied</h1>
        <p>
          Your account does not have permission to open that page. If you think it should, ask your
          administrator.
        </p>
        <p className="status-page__actions">
          <a className="button button--primary" href="/">
            Go to the home page
          </a>
        </p>
      </section>
    ),
  };
}

export function serverErrorPage(): Page {
  return {
    status: 500,
    meta: { title: 'Something went wrong', description: 'An unexpected error happened.', noindex: true },
    body: (
      <section className="status-page">
        <p className="status-page__code">500</p>
        <h1>Something went wrong on our side</h1>
        <p>We have logged the problem. Please try again in a moment.</p>
        <p className="status-page__actions">
          <a className="button button--primary" href="/">
            Go to the home page
          </a>
        </p>
      </section>
    ),
  };
}

/** A form post whose values cannot be stored (a NUL character, a number out of range). */
export function badRequestPage(): Page {
  return {
    status: 400,
    meta: {
      title: 'Check what you sent',
      description: 'Some of what you sent cannot be used.',
      noindex: true,
    },
    body: (
      <section className="status-page">
        <p className="status-page__code">400</p>
        <h1>Some of what you sent cannot be used</h1>
        <p>
          A value was out of range or contained characters we cannot store. Go back, check the form and try
          again.
        </p>
        <p className="status-page__actions">
          <a className="button button--primary" href="/">
            Go to the home page
          </a>
        </p>
      </section>
    ),
  };
}
