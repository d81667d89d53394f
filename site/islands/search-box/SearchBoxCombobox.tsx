import { type KeyboardEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { PeopleSearchAnswer } from '../../lib/people-search-query';
import {
  addRecentSearch,
  personName,
  personPath,
  type RecentSearch,
  readRecentSearches,
  removeRecentSearch,
  writeRecentSearches,
} from '../../lib/recent-searches';
import { useDebouncedValue } from '../../lib/use-debounced-value';

/** docs/product/spec.md §§2, 5 and 9: debounce 300 ms, 'no results.' after 500 ms, at most 8 matches. */
export const SEARCH_CLOSE_ANIMATION_MS = 300;
export const SEARCH_DEBOUNCE_MS = 300;
export const NO_RESULTS_DELAY_MS = 500;
const MAX_RESULTS = 8;

type Result = RecentSearch & { role: number };

/** react-query and the tRPC client arrive on first use, not with the page (docs/decisions/0027-javascript-weight.md). */
const PeopleSearchQuery = lazy(() => import('../../lib/people-search-query'));

/**
 * The header's people search: a combobox whose listbox shows matches as you type, with Recent
 * Searches when the field is empty. Without JavaScript it is a plain GET form to /search.
 * The server renders it as the SearchBox island; the browser hydrates it on first use
 * (site/islands/SearchBox.tsx).
 */
export default function SearchBoxCombobox({ initialQuery = '' }: { initialQuery?: string }) {
  const [expanded, setExpanded] = useState(false);
  const [closing, setClosing] = useState(false);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState(initialQuery);
  const [active, setActive] = useState(-1);
  const [recent, setRecent] = useState<RecentSearch[]>([]);
  const [waited, setWaited] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const recentRef = useRef<HTMLUListElement>(null);
  const id = useId();
  const listboxId = `${id}-results`;

  const [dataClientWanted, setDataClientWanted] = useState(false);
  const [answer, setAnswer] = useState<PeopleSearchAnswer | null>(null);

  const trimmed = query.trim();
  const debounced = useDebouncedValue(trimmed, SEARCH_DEBOUNCE_MS);
  const current = trimmed !== '' && debounced === trimmed && answer?.query === debounced ? answer : null;
  const results: Result[] = (current?.people ?? []).slice(0, MAX_RESULTS);
  const settled = current?.settled === true;
  const showNoResults = settled && results.length === 0 && waited;
  const showResults = open && results.length > 0;
  const showRecent = open && trimmed === '' && recent.length > 0;

  // Browser-only state fills in after hydration (docs/product/rulings.md): the server knows no history.
  // What was typed before hydration is in the field, not in React's state: take it over, so no
  // character is lost and a search starts as if it had been typed now. The dropdown opens from the
  // focus hydrateOnFirstUse hands over (site/lib/hydrate-on-first-use.ts) if the field still has it.
  useEffect(() => {
    setRecent(readRecentSearches());
    const input = inputRef.current;
    if (input && input.value !== initialQuery) {
      setQuery(input.value);
      setDataClientWanted(true);
    }
  }, [initialQuery]);

  useEffect(() => {
    if (expanded) inputRef.current?.focus();
  }, [expanded]);

  // 'no results.' only once the person has paused for 500 ms and the answer is still empty.
  // Every keystroke (even a space) restarts the wait.
  useEffect(() => {
    setWaited(false);
    if (query.trim() === '') return;
    const timer = window.setTimeout(() => setWaited(true), NO_RESULTS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [query]);

  // Focus leaving the whole box (Tab past the last link) closes the dropdown too.
  useEffect(() => {
    const root = rootRef.current;
    const onFocusOut = (event: FocusEvent) => {
      if (!root?.contains(event.relatedTarget as Node | null)) setOpen(false);
    };
    root?.addEventListener('focusout', onFocusOut);
    return () => root?.removeEventListener('focusout', onFocusOut);
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function collapse() {
    setOpen(false);
    setClosing(true);
    window.setTimeout(() => {
      setClosing(false);
      setExpanded(false);
    }, SEARCH_CLOSE_ANIMATION_MS);
  }

  function remember(person: RecentSearch) {
    const entry = {
      id: person.id,
      firstname: person.firstname,
      lastname: person.lastname,
      orgname: person.orgname,
      profileimage: person.profileimage,
    };
    const next = addRecentSearch(readRecentSearches(), entry);
    writeRecentSearches(next);
    setRecent(next);
  }

  function forget(personId: number) {
    const next = removeRecentSearch(readRecentSearches(), personId);
    writeRecentSearches(next);
    setRecent(next);
    inputRef.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') {
      if (open) setOpen(false);
      else if (expanded) collapse();
      setActive(-1);
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (results.length > 0) {
        // -1 is the input itself: moving past either end comes back to it.
        const last = results.length - 1;
        setActive((i) => (event.key === 'ArrowDown' ? (i >= last ? -1 : i + 1) : i === -1 ? last : i - 1));
      } else if (showRecent && event.key === 'ArrowDown') {
        recentRef.current?.querySelector<HTMLAnchorElement>('a')?.focus();
      }
      return;
    }
    if (event.key === 'Enter' && showResults && active >= 0 && active < results.length) {
      event.preventDefault();
      const person = results[active]!;
      remember(person);
      window.location.assign(personPath(person));
    }
  }

  function onRecentKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const links = [...(recentRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? [])];
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'Escape') {
      setOpen(false);
      inputRef.current?.focus();
    } else if (event.key === 'ArrowDown' && at >= 0) {
      event.preventDefault();
      links[Math.min(at + 1, links.length - 1)]?.focus();
    } else if (event.key === 'ArrowUp' && at >= 0) {
      event.preventDefault();
      (at === 0 ? inputRef.current : links[at - 1])?.focus();
    }
  }

  const activeId =
    showResults && active >= 0 && active < results.length ? `${id}-option-${active}` : undefined;

  return (
    <div ref={rootRef} className="search-box" data-expanded={expanded} data-closing={closing}>
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
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={showResults}
            aria-controls={listboxId}
            aria-activedescendant={activeId}
            placeholder="Search People"
            value={query}
            autoComplete="off"
            maxLength={100}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(-1);
              setOpen(true);
            }}
            onFocus={() => {
              setOpen(true);
              setDataClientWanted(true);
            }}
            onClick={() => setOpen(true)}
            onKeyDown={(event) => {
              setDataClientWanted(true);
              onKeyDown(event);
            }}
          />
        </form>
        {dataClientWanted && (
          <Suspense fallback={null}>
            <PeopleSearchQuery query={debounced} onAnswer={setAnswer} />
          </Suspense>
        )}
        <div className="search-box__dropdown" hidden={!open}>
          <div id={listboxId} role="listbox" aria-label="Matching people" hidden={!showResults}>
            {results.map((person, index) => (
              <a
                key={person.id}
                id={`${id}-option-${index}`}
                role="option"
                aria-selected={index === active}
                className="search-box__option"
                href={personPath(person)}
                tabIndex={-1}
                onClick={() => remember(person)}
                onMouseMove={() => setActive(index)}
              >
                <Avatar src={person.profileimage} />
                <span>{personName(person)}</span>
              </a>
            ))}
          </div>
          {open && showNoResults && (
            <p className="search-box__empty" role="status">
              no results.
            </p>
          )}
          {showRecent && (
            <section className="search-box__recent" aria-labelledby={`${id}-recent`}>
              <h2 id={`${id}-recent`}>Recent Searches</h2>
              <ul ref={recentRef} onKeyDown={onRecentKeyDown}>
                {recent.map((person) => (
                  <li key={person.id}>
                    <a href={personPath(person)} onClick={() => remember(person)}>
                      <Avatar src={person.profileimage} />
                      <span>{personName(person)}</span>
                    </a>
                    <button type="button" onClick={() => forget(person.id)}>
                      <span aria-hidden="true">×</span>
                      <span className="visually-hidden">
                        Remove {personName(person)} from recent searches
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <a
            className="search-box__advanced"
            href={trimmed ? `/search?q=${encodeURIComponent(trimmed)}` : '/search'}
          >
            Advanced Search
          </a>
        </div>
      </search>
    </div>
  );
}

function Avatar({ src }: { src: string | null }) {
  return src ? (
    <img className="search-box__avatar" src={src} alt="" width="32" height="32" loading="lazy" />
  ) : (
    <span className="search-box__avatar search-box__avatar--empty" aria-hidden="true" />
  );
}
