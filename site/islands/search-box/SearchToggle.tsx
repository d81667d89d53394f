/** The magnifier button that opens and closes the search field on narrow headers. */
export function SearchToggle({ expanded, onClick }: { expanded: boolean; onClick: () => void }) {
  return (
    <button type="button" className="search-box__toggle" aria-expanded={expanded} onClick={onClick}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="m20 20-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className="visually-hidden">{expanded ? 'Close search' : 'Open search'}</span>
    </button>
  );
}
