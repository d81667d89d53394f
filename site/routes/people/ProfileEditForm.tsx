import type { ReferenceLists } from '../../../api/contract/reference-options';
import type { ownAttributes } from '../../../api/modules/people/profiles';
import { FieldError } from '../../components/FieldError';
import type { FieldErrors } from '../../lib/form-errors';
import { optionsForList } from '../../lib/option-labels';

type OwnAttribute = ReturnType<typeof ownAttributes>[number];

/**
 * /myprofile's form: the introduction and every attribute from its reference list. Plain HTML
 * (selects and checkboxes), so it works without JavaScript; lists with many choices fold away.
 */
export function ProfileEditForm(props: {
  attributes: OwnAttribute[];
  bio: string;
  lists: ReferenceLists;
  errors: FieldErrors;
}) {
  const { errors } = props;
  return (
    <form className="form profile-edit" method="post" action="/myprofile" noValidate>
      <div className="field">
        <label htmlFor="profile-bio">Introduction</label>
        <textarea
          id="profile-bio"
          name="bio"
          rows={4}
          maxLength={500}
          defaultValue={props.bio}
          aria-invalid={errors.bio?.length ? true : undefined}
          aria-describedby={errors.bio?.length ? 'profile-bio-error' : undefined}
        />
        <FieldError id="profile-bio-error" messages={errors.bio} />
      </div>
      {props.attributes.map((attribute) => {
        const options = optionsForList(props.lists, attribute.list);
        const id = `profile-${attribute.key}`;
        const invalid = errors[attribute.key]?.length ? true : undefined;
        const describedBy = invalid ? `${id}-error` : undefined;
        if (!attribute.multiple) {
          return (
            <div className="field" key={attribute.key}>
              <label htmlFor={id}>{attribute.label}</label>
              <select
                id={id}
                name={attribute.key}
                defaultValue={attribute.values[0] ?? ''}
                aria-invalid={invalid}
                aria-describedby={describedBy}
              >
                <option value="">Not set</option>
                {options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
              <FieldError id={`${id}-error`} messages={errors[attribute.key]} />
            </div>
          );
        }
        return (
          <details
            className="profile-edit__group"
            key={attribute.key}
            open={attribute.values.length > 0 || invalid}
          >
            <summary>
              {attribute.label}
              {attribute.values.length > 0 && ` (${attribute.values.length} chosen)`}
            </summary>
            <fieldset aria-describedby={describedBy}>
              <legend className="visually-hidden">{attribute.label}</legend>
              <div className="choice-grid">
                {options.map((o) => (
                  <label key={o.value} className="choice">
                    <input
                      type="checkbox"
                      name={attribute.key}
                      value={o.value}
                      defaultChecked={attribute.values.includes(o.value)}
                    />
                    {o.label}
                  </label>
                ))}
              </div>
            </fieldset>
            <FieldError id={`${id}-error`} messages={errors[attribute.key]} />
          </details>
        );
      })}
      {errors.attributes?.length ? (
        <FieldError id="profile-attributes-error" messages={errors.attributes} />
      ) : null}
      <button type="submit" className="button button--primary">
        Save profile
      </button>
    </form>
  );
}
