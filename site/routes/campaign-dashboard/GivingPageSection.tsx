import { PITCH_MAX } from '../../../api/modules/donations/giving-pitch';
import { type FormSection, SectionField, SectionForm, TitledSection } from '../../server/form-section';

/**
 * "Your donation page": the pitch donors read under the candidate's photo
 * (docs/decisions/0094-refcodes-and-honest-monthly.md). The photo is the profile picture, uploaded
 * on /myprofile through the one image pipeline (decision 0071).
 */
export function GivingPageSection({
  form,
  pitch,
  hasPhoto,
}: {
  form: FormSection;
  pitch: string | null;
  hasPhoto: boolean;
}) {
  return (
    <TitledSection headingId="giving-page-heading" title="Your donation page">
      <p>
        {hasPhoto
          ? 'Your donation page shows your profile photo. '
          : 'Add a profile photo to show it on your donation page. '}
        <a href="/myprofile">Change your picture on your profile</a>.
      </p>
      <SectionForm form={form} action="/campaign-dashboard/pitch" noValidate>
        <SectionField
          form={form}
          name="pitch"
          label="Your pitch"
          hint={`A few sentences donors read above the form, up to ${PITCH_MAX} characters. Leave it empty to show none.`}
        >
          {({ id, name, ...aria }) => (
            <textarea
              id={id}
              name={name}
              rows={4}
              defaultValue={form.typed('pitch', pitch ?? '')}
              {...aria}
            />
          )}
        </SectionField>
        <button type="submit" className="button button--primary">
          Save pitch
        </button>
      </SectionForm>
    </TitledSection>
  );
}
