import type { ReactNode } from 'react';
import { Pagination } from './Pagination';

export interface SearchResultsProps {
  /** The heading's id, which names the section. */
  headingId: string;
  heading: string;
  /** The number of the first result shown (1 on the first page). */
  first: number;
  /** How many results this page shows; none shows `empty` instead of the list. */
  shown: number;
  empty: string;
  listClassName: string;
  page: number;
  hasMore: boolean;
  /** The URL of another page of the same search. */
  href: (page: number) => string;
  /** Shown above the heading (links about the list). */
  before?: ReactNode;
  /** Shown between the heading and the list (notices, actions on the search). */
  notices?: ReactNode;
  /** The list's items. */
  children: ReactNode;
}

/**
 * A search page's results: a heading with the range shown ("21–40"), the list or a status line
 * saying nothing matched, and the previous / next pager.
 */
export function SearchResults(props: SearchResultsProps) {
  const { first, shown } = props;
  return (
    <section className="people-search__results" aria-labelledby={props.headingId}>
      {props.before}
      <h2 id={props.headingId}>
        {props.heading}
        {shown > 0 && (
          <span className="people-search__range">
            {' '}
            {first}–{first + shown - 1}
          </span>
        )}
      </h2>
      {props.notices}
      {shown === 0 ? (
        <p className="people-search__empty" role="status">
          {props.empty}
        </p>
      ) : (
        <ul className={props.listClassName}>{props.children}</ul>
      )}
      <Pagination page={props.page} hasMore={props.hasMore} href={props.href} />
    </section>
  );
}
