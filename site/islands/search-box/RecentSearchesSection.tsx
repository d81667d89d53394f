import type { KeyboardEvent, RefObject } from 'react';
import { personName, personPath, type RecentSearch } from '../../lib/recent-searches';
import { Avatar } from './Avatar';

/**
 * Recent Searches, shown while the field is empty: links the arrow keys move through (up from the
 * first goes back to the field), each with a button that forgets it; Escape closes the dropdown.
 */
export function RecentSearchesSection({
  comboboxId,
  recent,
  listRef,
  inputRef,
  onClose,
  onChoose,
  onForget,
}: {
  comboboxId: string;
  recent: RecentSearch[];
  /** The list, whose first link the field's ArrowDown focuses. */
  listRef: RefObject<HTMLUListElement | null>;
  inputRef: RefObject<HTMLInputElement | null>;
  onClose: () => void;
  onChoose: (person: RecentSearch) => void;
  onForget: (personId: number) => void;
}) {
  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const links = [...(listRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? [])];
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'Escape') {
      onClose();
      inputRef.current?.focus();
    } else if (event.key === 'ArrowDown' && at >= 0) {
      event.preventDefault();
      links[Math.min(at + 1, links.length - 1)]?.focus();
    } else if (event.key === 'ArrowUp' && at >= 0) {
      event.preventDefault();
      (at === 0 ? inputRef.current : links[at - 1])?.focus();
    }
  }

  return (
    <section className="search-box__recent" aria-labelledby={`${comboboxId}-recent`}>
      <h2 id={`${comboboxId}-recent`}>Recent Searches</h2>
      <ul ref={listRef} onKeyDown={onKeyDown}>
        {recent.map((person) => (
          <li key={person.id}>
            <a href={personPath(person)} onClick={() => onChoose(person)}>
              <Avatar src={person.profileimage} />
              <span>{personName(person)}</span>
            </a>
            <button type="button" onClick={() => onForget(person.id)}>
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">Remove {personName(person)} from recent searches</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
