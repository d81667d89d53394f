import { useEffect, useRef, useState } from 'react';

/** Small screens collapse the box behind a button; closing animates for 300 ms (seed section 9). */
export const SEARCH_CLOSE_ANIMATION_MS = 300;

export default function SearchBox({ initialQuery = '' }: { initialQuery?: string }) {
  const [expanded, setExpanded] = useState(false);
  const [closing, setClosing] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (expanded) inputRef.current?.focus();
  }, [expanded]);

  function collapse() {
    setClosing(true);
    window.setTimeout(() => {
      setClosing(false);
      setExpanded(false);
    }, SEARCH_CLOSE_ANIMATION_MS);
  }

  return (
    <div className="search-box" data-expanded={expanded} data-closing={closing}>
      <button
        type="button"
        className="search-box__toggle"
        aria-expanded={expanded}
        onClick={() => (expanded ? collapse() : setExpanded(true))}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m20 20-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">{expanded ? 'Close search' : 'Open search'}</span>
      </button>
      <search className="search-box__form">
        <form action="/search" method="get">
          <label className="visually-hidden" htmlFor="header-search">
            Search people
          </label>
          <input
            ref={inputRef}
            id="header-search"
            name="q"
            type="search"
            placeholder="Search People"
            defaultValue={initialQuery}
            autoComplete="off"
            onKeyDown={(event) => event.key === 'Escape' && expanded && collapse()}
          />
        </form>
      </search>
    </div>
  );
}
