import type { ReactNode } from 'react';
import type { Page } from '../server/page';

/** The shape every status page shares: its code, a heading, what to do, and a way home. */
function StatusPage({
  code,
  heading,
  children,
  extraAction,
}: {
  code: number;
  heading: string;
  children: ReactNode;
  extraAction?: ReactNode;
}) {
  return (
    <section className="status-page">
      <p className="status-page__code">{code}</p>
      <h1>{heading}</h1>
      <p>{children}</p>
      <p className="status-page__actions">
        <a className="button button--primary" href="/">
          Go to the home page
        </a>
        {extraAction}
      </p>
    </section>
  );
}

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
      <StatusPage
        code={404}
        heading="We couldn’t find that page"
        extraAction={
          <a className="button" href="/search">
            Search people
          </a>
        }
      >
        The link may be old, or the page may have moved. Try searching for a person or start from the home
        page.
      </StatusPage>
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
      <StatusPage code={403} heading="Access Denied">
        Your account does not have permission to open that page. If you think it should, ask your
        administrator.
      </StatusPage>
    ),
  };
}

export function serverErrorPage(): Page {
  return {
    status: 500,
    meta: { title: 'Something went wrong', description: 'An unexpected error happened.', noindex: true },
    body: (
      <StatusPage code={500} heading="Something went wrong on our side">
        We have logged the problem. Please try again in a moment.
      </StatusPage>
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
      <StatusPage code={400} heading="Some of what you sent cannot be used">
        A value was out of range or contained characters we cannot store. Go back, check the form and try
        again.
      </StatusPage>
    ),
  };
}

/** A form post whose body cannot be parsed (a broken multipart body): nothing in it was used. */
export function unreadableFormPage(): Page {
  return {
    status: 400,
    meta: { title: 'Check what you sent', description: 'The form could not be read.', noindex: true },
    body: (
      <StatusPage code={400} heading="The form could not be read">
        What arrived was not a complete form, so nothing was saved. Go back and send it again.
      </StatusPage>
    ),
  };
}
