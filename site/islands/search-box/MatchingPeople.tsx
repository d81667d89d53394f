import { personName, personPath, type RecentSearch } from '../../lib/recent-searches';
import { Avatar } from './Avatar';

/** The option's id, which the field's aria-activedescendant names while it is active. */
export function optionId(comboboxId: string, index: number) {
  return `${comboboxId}-option-${index}`;
}

/**
 * The combobox's listbox: the matches as links, the active one marked selected. They take no Tab
 * stop: the arrow keys move through them from the field (SearchBoxCombobox's onKeyDown).
 */
export function MatchingPeople({
  comboboxId,
  listboxId,
  results,
  active,
  hidden,
  onChoose,
  onPoint,
}: {
  comboboxId: string;
  listboxId: string;
  results: RecentSearch[];
  active: number;
  hidden: boolean;
  onChoose: (person: RecentSearch) => void;
  onPoint: (index: number) => void;
}) {
  return (
    <div id={listboxId} role="listbox" aria-label="Matching people" hidden={hidden}>
      {results.map((person, index) => (
        <a
          key={person.id}
          id={optionId(comboboxId, index)}
          role="option"
          aria-selected={index === active}
          className="search-box__option"
          href={personPath(person)}
          tabIndex={-1}
          onClick={() => onChoose(person)}
          onMouseMove={() => onPoint(index)}
        >
          <Avatar src={person.profileimage} />
          <span>{personName(person)}</span>
        </a>
      ))}
    </div>
  );
}
