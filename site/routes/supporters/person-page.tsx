import type { Context } from 'hono';
import { dollars } from '../../../api/contract/money';
import type { AppEnv } from '../../../api/middleware/app-env';
import { type SupporterRecord, supporterRecord } from '../../../api/modules/supporters/person';
import type { CampaignSeat } from '../../../api/modules/supporters/team';
import { DataTable } from '../../components/DataTable';
import type { FieldErrors } from '../../lib/form-errors';
import { renderPage } from '../../render/render-page';
import {
  formSection,
  SectionField,
  SectionForm,
  SectionInput,
  TitledSection,
} from '../../server/form-section';
import { SupportersPage, shortDay } from './SupportersPage';

export interface PersonPageState {
  notice?: string;
  section?: 'tag' | 'note';
  errors?: FieldErrors;
  values?: Record<string, string>;
}

export const PERSON_NOTICES: Record<string, string> = {
  tagged: 'The tag is on.',
  untagged: 'The tag is off.',
  noted: 'Your note is saved.',
};

const GIFT_STATUS: Record<string, string> = { paid: 'Paid', refunded: 'Refunded' };

/**
 * /supporters/:ownerId/people/:id (docs/decisions/0100-supporters.md): one person as the campaign
 * knows them: contact details they gave it, gifts with refunds, monthly gifts, event sign-ups, the
 * campaign's emails they received, tags (who, when) and the team's notes.
 */
export async function personPage(
  c: Context<AppEnv>,
  seat: CampaignSeat,
  supporterId: number,
  state: PersonPageState = {},
  status = 200,
) {
  const record = await supporterRecord(c.get('db'), seat.ownerId, supporterId);
  const { supporter } = record;
  const base = `/supporters/${seat.ownerId}/people/${supporter.id}`;
  return renderPage(c, {
    status,
    meta: {
      title: supporter.name || 'Supporter',
      description: 'A supporter of the campaign.',
      noindex: true,
    },
    body: (
      <SupportersPage
        seat={seat}
        title={supporter.name || 'Unnamed supporter'}
        back={{ href: `/supporters/${seat.ownerId}`, label: 'Back to the supporters' }}
        notice={state.notice}
      >
        <ContactSection record={record} />
        <GiftsSection record={record} />
        <TitledSection headingId="person-events-heading" title="Events">
          <DataTable
            testId="person-events"
            caption="Events signed up for"
            headings={['Event', 'Starts', 'Signed up']}
            rows={record.events}
            rowKey={(e) => e.id}
            cells={(e) => [e.title, shortDay(e.starts_at), shortDay(e.signed_up_at)]}
            empty="No sign-ups for the campaign’s events."
          />
        </TitledSection>
        <TitledSection headingId="person-emails-heading" title="Emails received">
          <DataTable
            testId="person-emails"
            caption="The campaign’s emails received"
            headings={['Subject', 'To', 'Sent']}
            rows={record.emails}
            rowKey={(e) => e.id}
            cells={(e) => [e.subject, e.audience_label, shortDay(e.sent_at)]}
            empty="No emails from the campaign yet."
          />
        </TitledSection>
        <TagsSection base={base} record={record} state={state} />
        <NotesSection base={base} record={record} state={state} />
      </SupportersPage>
    ),
  });
}

/** Only what the person gave this campaign: a follower who never gave or signed up shows none. */
function ContactSection({ record }: { record: SupporterRecord }) {
  const { supporter, address, phone } = record;
  const lines = [
    supporter.email && ['Email', supporter.email],
    phone && ['Phone', phone],
    address && ['Address', `${address.street}, ${address.city}, ${address.state} ${address.zip}`],
    address?.employer && ['Employer', address.employer],
    address?.occupation && ['Occupation', address.occupation],
    !address && supporter.state && ['State', supporter.state],
    !address && supporter.zip5 && ['ZIP', supporter.zip5],
    ['Follows the campaign', supporter.follows ? 'Yes' : 'No'],
  ].filter((line): line is [string, string] => Boolean(line));
  return (
    <TitledSection headingId="person-contact-heading" title="Contact details">
      <dl data-testid="person-contact">
        {lines.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {!supporter.email && <p>They have given the campaign no contact details.</p>}
    </TitledSection>
  );
}

function GiftsSection({ record }: { record: SupporterRecord }) {
  const { supporter } = record;
  return (
    <TitledSection headingId="person-gifts-heading" title="Gifts">
      <p data-testid="person-gave">
        {`Gave ${dollars(Number(supporter.gave_cents))} in ${supporter.gifts} ${supporter.gifts === 1 ? 'gift' : 'gifts'}`}
        {Number(supporter.refunded_cents) > 0
          ? `; ${dollars(Number(supporter.refunded_cents))} refunded.`
          : '.'}
      </p>
      <DataTable
        testId="person-gifts"
        caption="Gifts"
        headings={['Day', 'Amount', 'Status', 'Campaign']}
        rows={record.gifts}
        rowKey={(g) => g.reference}
        cells={(g) => [
          shortDay(g.paid_at),
          `${dollars(g.amount_cents)}${g.recurring_id ? ' (monthly)' : ''}`,
          g.status === 'refunded'
            ? `Refunded ${shortDay(g.refunded_at)}${g.refund_reason ? `: ${g.refund_reason}` : ''}`
            : (GIFT_STATUS[g.status] ?? g.status),
          g.campaign ?? '—',
        ]}
        empty="No gifts."
      />
      <h3>Monthly gifts</h3>
      <DataTable
        testId="person-monthly"
        caption="Monthly gifts"
        headings={['Since', 'Amount', 'Status']}
        rows={record.monthly}
        rowKey={(m) => m.reference}
        cells={(m) => [shortDay(m.created_at), dollars(m.amount_cents), m.status]}
        empty="No monthly gifts."
      />
    </TitledSection>
  );
}

function TagsSection({
  base,
  record,
  state,
}: {
  base: string;
  record: SupporterRecord;
  state: PersonPageState;
}) {
  const form = formSection(state, 'tag', 'person-tag');
  return (
    <TitledSection headingId="person-tags-heading" title="Tags">
      {record.tags.length === 0 ? (
        <p>No tags.</p>
      ) : (
        <ul data-testid="person-tags">
          {record.tags.map((t) => (
            <li key={t.id}>
              <strong>{t.name}</strong>
              {` by ${t.tagged_by || 'a former team member'}, ${shortDay(t.tagged_at)} `}
              <form method="post" action={`${base}/tags/${t.id}/remove`} className="inline-form">
                <button
                  type="submit"
                  className="button button--small"
                  aria-label={`Remove the tag ${t.name}`}
                >
                  Remove
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      <SectionForm form={form} action={`${base}/tags`} noValidate>
        <SectionInput form={form} name="tag" label="Add a tag" hint="A new name makes a new tag." required />
        <button type="submit" className="button button--primary">
          Add tag
        </button>
      </SectionForm>
    </TitledSection>
  );
}

function NotesSection({
  base,
  record,
  state,
}: {
  base: string;
  record: SupporterRecord;
  state: PersonPageState;
}) {
  const form = formSection(state, 'note', 'person-note');
  return (
    <TitledSection headingId="person-notes-heading" title="Notes">
      {record.notes.length === 0 ? (
        <p>No notes.</p>
      ) : (
        <ul data-testid="person-notes">
          {record.notes.map((n) => (
            <li key={n.id}>
              <p>{n.body}</p>
              <p className="field-hint">{`${n.author || 'A former team member'}, ${shortDay(n.created_at)}`}</p>
            </li>
          ))}
        </ul>
      )}
      <SectionForm form={form} action={`${base}/notes`} noValidate>
        <SectionField form={form} name="body" label="Add a note">
          {(control) => <textarea {...control} rows={3} defaultValue={form.typed('body')} required />}
        </SectionField>
        <button type="submit" className="button button--primary">
          Save note
        </button>
      </SectionForm>
    </TitledSection>
  );
}
