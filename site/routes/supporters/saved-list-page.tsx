import type { Context } from 'hono';
import type { AppEnv } from '../../../api/middleware/app-env';
import { supporterEmailAllowance } from '../../../api/modules/campaign-dashboard/outreach';
import { countSupporters } from '../../../api/modules/supporters/list';
import { listEmailsSent } from '../../../api/modules/supporters/outreach';
import { savedList, storedFilter } from '../../../api/modules/supporters/saved-lists';
import type { CampaignSeat } from '../../../api/modules/supporters/team';
import { DataTable } from '../../components/DataTable';
import type { FieldErrors } from '../../lib/form-errors';
import { renderPage } from '../../render/render-page';
import { ComposeEmailFields } from '../../server/compose-email-fields';
import { formSection, SectionForm, TitledSection } from '../../server/form-section';
import { SupportersPage } from './SupportersPage';

export interface SavedListState {
  notice?: string;
  errors?: FieldErrors;
  formError?: string;
  values?: Record<string, string>;
  preview?: { audience: string; recipients: number; suppressed: number; text: string | null };
}

export const SAVED_LIST_NOTICES: Record<string, string> = {
  saved: 'The list is saved.',
  sent: 'Your email is queued. Its progress shows below.',
};

const count = (n: number) => n.toLocaleString('en-US');

/**
 * /supporters/:ownerId/lists/:listId (docs/decisions/0100-supporters.md): a saved list, how many it
 * holds today, the way to see them, and (for the candidate or organization, within their monthly
 * allowance) an email to them with a preview and count first.
 */
export async function savedListPage(
  c: Context<AppEnv>,
  seat: CampaignSeat,
  listId: number,
  state: SavedListState = {},
  status = 200,
) {
  const db = c.get('db');
  const list = await savedList(db, seat.ownerId, listId);
  const [total, allowance, sends] = await Promise.all([
    countSupporters(db, seat.ownerId, storedFilter(list.filter)),
    seat.isOwner ? supporterEmailAllowance(db, seat.ownerId) : null,
    seat.isOwner ? listEmailsSent(db, seat.ownerId) : [],
  ]);
  const base = `/supporters/${seat.ownerId}`;
  const view = `${base}?${new URLSearchParams(list.filter as Record<string, string>).toString()}`;
  return renderPage(c, {
    status,
    meta: { title: list.name, description: 'A saved list of supporters.', noindex: true },
    body: (
      <SupportersPage
        seat={seat}
        title={list.name}
        back={{ href: base, label: 'Back to the supporters' }}
        notice={state.notice}
      >
        <TitledSection headingId="list-people-heading" title="Who is on it">
          <p data-testid="list-count">
            {`${total.estimated ? 'About ' : ''}${count(total.total)} ${total.total === 1 ? 'supporter' : 'supporters'} today. `}
            <a href={view}>See them</a>
          </p>
          <form method="post" action={`${base}/lists/${list.id}/delete`}>
            <button type="submit" className="button">
              Delete this list
            </button>
          </form>
        </TitledSection>
        {allowance && (
          <TitledSection headingId="list-email-heading" title="Email this list">
            <p data-testid="list-allowance">
              {allowance.perMonth === 0
                ? `Your ${allowance.tierName} plan includes no emails to your supporters.`
                : `${allowance.tierName} plan: ${count(allowance.perMonth)} emails a month. Left this month: ${count(allowance.left)}.`}
            </p>
            {allowance.perMonth > 0 && <EmailForm action={`${base}/lists/${list.id}/email`} state={state} />}
            <DataTable
              testId="list-sends"
              caption="Your emails to saved lists"
              headings={['To', 'Subject', 'Progress']}
              rows={sends}
              rowKey={(s) => s.id}
              cells={(s) => [
                s.audience_label,
                s.subject,
                `${count(s.sent_count)} of ${count(s.total)} sent, ${count(s.suppressed_count)} unsubscribed, ${count(s.failed_count)} failed`,
              ]}
              empty="No emails to saved lists yet."
            />
          </TitledSection>
        )}
      </SupportersPage>
    ),
  });
}

function EmailForm({ action, state }: { action: string; state: SavedListState }) {
  const form = formSection({ ...state, section: state.values ? 'email' : undefined }, 'email', 'list-email');
  return (
    <SectionForm form={form} action={action} noValidate>
      <ComposeEmailFields form={form} preview={state.preview} testId="list-preview" />
    </SectionForm>
  );
}
