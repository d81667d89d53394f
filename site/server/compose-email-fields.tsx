import { type FormSection, SectionField } from './form-section';

/** What the mass email module's preview answers, as the page shows it. */
export interface ComposePreview {
  audience: string;
  recipients: number;
  suppressed: number;
  text: string | null;
}

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The end of every member's email form that goes through mass email (the candidate's outreach,
 * an organizer's shift and event emails, decision 0101): subject, message, the preview with its
 * count, and the two submit buttons (intent=preview, intent=send). Plain form: no JavaScript.
 */
export function ComposeEmailFields({
  form,
  preview,
  testId,
}: {
  form: FormSection;
  preview: ComposePreview | undefined;
  testId: string;
}) {
  return (
    <>
      <SectionField form={form} name="subject" label="Subject">
        {(control) => <input {...control} defaultValue={form.typed('subject')} required />}
      </SectionField>
      <SectionField form={form} name="body" label="Message">
        {(control) => <textarea {...control} rows={8} defaultValue={form.typed('body')} required />}
      </SectionField>
      <p className="field-hint">
        {
          'Write {{firstName}} for the reader’s first name. A paragraph that is only “# Words” is a heading, “[Label](https://…)” a button, “![What it shows](https://…)” an image, “[$25, $50](your donation link)” amount buttons.'
        }
      </p>
      {preview && (
        <div className="notice" data-testid={testId} role="status">
          <p>{`${preview.audience}: ${count(preview.recipients)} would receive it; ${count(preview.suppressed)} unsubscribed.`}</p>
          {preview.text && <pre className="outreach-preview">{preview.text}</pre>}
        </div>
      )}
      <p className="form-actions">
        <button type="submit" name="intent" value="preview" className="button">
          Preview and count
        </button>
        <button type="submit" name="intent" value="send" className="button button--primary">
          Send
        </button>
      </p>
    </>
  );
}
