import { type KeyboardEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { PeopleSearchAnswer } from '../../lib/people-search-query';
import { personPath, type RecentSearch } from '../../lib/recent-searches';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useCloseWhenLeft, usePausedTyping } from './dropdown-effects';
import { MatchingPeople, optionId } from './MatchingPeople';
import { RecentSearchesSection } from './RecentSearchesSection';
import { SearchField } from './SearchField';
import { SearchToggle } from './SearchToggle';
import { useRecentSearches } from './use-recent-searches';

/** docs/product/spec.md §§2, 5 and 9: debounce 300 ms, 'no results.' after 500 ms, at most 8 matches. */
export const SEARCH_CLOSE_ANIMATION_MS = 300;
export const SEARCH_DEBOUNCE_MS = 300;
export const NO_RESULTS_DELAY_MS = 500;
const MAX_RESULTS = 8;

type Result = RecentSearch & { role: number };

/** react-query and the tRPC client arrive on first use, not with the page (docs/decisions/0027-javascript-weight.md). */
const PeopleSearchQuery = lazy(() => import('../../lib/people-search-query'));

/** The active option after ArrowDown or ArrowUp; -1 is the input itself: moving past either end comes back to it. */
function nextActive(key: string, active: number, count: number): number {
  const last = count - 1;
  if (key === 'ArrowDown') return active >= last ? -1 : active + 1;
  return active === -1 ? last : active - 1;
}

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
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const recentRef = useRef<HTMLUListElement>(null);
  const id = useId();
  const listboxId = `${id}-results`;
  const { recent, remember, forget } = useRecentSearches(inputRef);
  const waited = usePausedTyping(query, NO_RESULTS_DELAY_MS);
  useCloseWhenLeft(rootRef, open, setOpen);

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

  // What was typed before hydration is in the field, not in React's state: take it over, so no
  // character is lost and a search starts as if it had been typed now. The dropdown opens from the
  // focus hydrateOnFirstUse hands over (site/lib/hydrate-on-first-use.ts) if the field still has it.
  useEffect(() => {
    const input = inputRef.current;
    if (input && input.value !== initialQuery) {
      setQuery(input.value);
      setDataClientWanted(true);
    }
  }, [initialQuery]);

  useEffect(() => {
    if (expanded) inputRef.current?.focus();
  }, [expanded]);

  function collapse() {
    setOpen(false);
    setClosing(true);
    window.setTimeout(() => {
      setClosing(false);
      setExpanded(false);
    }, SEARCH_CLOSE_ANIMATION_MS);
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
        setActive((i) => nextActive(event.key, i, results.length));
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

  const activeId = showResults && active >= 0 && active < results.length ? optionId(id, active) : undefined;

  return (
    <div ref={rootRef} className="search-box" data-expanded={expanded} data-closing={closing}>
      <SearchToggle expanded={expanded} onClick={() => (expanded ? collapse() : setExpanded(true))} />
      <search className="search-box__form">
        <SearchField
          inputRef={inputRef}
          listboxId={listboxId}
          showResults={showResults}
          activeId={activeId}
          query={query}
          onType={(text) => {
            setQuery(text);
            setActive(-1);
            setOpen(true);
          }}
          onFocus={() => {
            setOpen(true);
            setDataClientWanted(true);
          }}
          onOpen={() => setOpen(true)}
          onKeyDown={(event) => {
            setDataClientWanted(true);
            onKeyDown(event);
          }}
        />
        {dataClientWanted && (
          <Suspense fallback={null}>
            <PeopleSearchQuery query={debounced} onAnswer={setAnswer} />
          </Suspense>
        )}
        <div className="search-box__dropdown" hidden={!open}>
          <MatchingPeople
            comboboxId={id}
            listboxId={listboxId}
            results={results}
            active={active}
            hidden={!showResults}
            onChoose={remember}
            onPoint={setActive}
          />
          {open && showNoResults && (
            <p className="search-box__empty" role="status">
              no results.
            </p>
          )}
          {showRecent && (
            <RecentSearchesSection
              comboboxId={id}
              recent={recent}
              listRef={recentRef}
              inputRef={inputRef}
              onClose={() => setOpen(false)}
              onChoose={remember}
              onForget={forget}
            />
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
