import type { KeyboardEvent, RefObject } from 'react';

/**
 * The combobox's field inside the GET form to /search (what works without JavaScript): it owns the
 * listbox's ARIA (aria-expanded, aria-controls, aria-activedescendant); the combobox owns the state.
 */
export function SearchField({
  inputRef,
  listboxId,
  showResults,
  activeId,
  query,
  onType,
  onFocus,
  onOpen,
  onKeyDown,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  listboxId: string;
  showResults: boolean;
  /** The active option's id, while one is. */
  activeId: string | undefined;
  query: string;
  onType: (text: string) => void;
  onFocus: () => void;
  /** A click in the field opens the dropdown again. */
  onOpen: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
}) {
  return (
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
        onChange={(event) => onType(event.target.value)}
        onFocus={onFocus}
        onClick={onOpen}
        onKeyDown={onKeyDown}
      />
    </form>
  );
}
