/**
 * Previous / next links for a list whose every page is a URL (search results keep their filters),
 * without counting every match: the caller knows only whether there is a next page.
 */
export function Pagination({
  page,
  hasMore,
  href,
}: {
  page: number;
  hasMore: boolean;
  /** The URL of another page of the same list. */
  href: (page: number) => string;
}) {
  if (page === 1 && !hasMore) return null;
  return (
    <nav className="pagination" aria-label="Result pages">
      {page > 1 && (
        <a className="button" href={href(page - 1)} rel="prev">
          Previous
        </a>
      )}
      <span>Page {page}</span>
      {hasMore && (
        <a className="button" href={href(page + 1)} rel="next">
          Next
        </a>
      )}
    </nav>
  );
}
