import type { Context } from 'hono';
import { NOTIFICATION_TYPES } from '../../../api/contract/notification-types';
import {
  PROFILE_ATTRIBUTES,
  VISIBILITIES,
  VISIBILITY_LABELS,
} from '../../../api/contract/profile-attributes';
import type { SessionUser } from '../../../api/contract/session-user';
import type { AppEnv } from '../../../api/middleware/app-env';
import { ownAttributes } from '../../../api/modules/people/profiles';
import { notificationChoices, settingsPageRows } from '../../../api/modules/people/settings';
import { memberOrderSummaries } from '../../../api/modules/shop/member-orders';
import { MemberOrders } from '../../components/MemberOrders';
import { PageHero } from '../../components/PageHero';
import { renderPage } from '../../render/render-page';
import {
  type FormSection,
  formSection,
  SectionForm,
  SectionInput,
  TitledSection,
} from '../../server/form-section';
import type { FormState } from './member-pages';

/** The sections of /settings; a failed post re-renders the page with that section's errors. */
export type SettingsSection = 'names' | 'email' | 'password' | 'visibility' | 'notifications' | 'delete';

export interface SettingsState extends FormState {
  section?: SettingsSection;
}

export const SETTINGS_NOTICES: Record<string, string> = {
  names: 'Your name is saved.',
  email: 'Check your new inbox: the change takes effect when you open the link we sent there.',
  'email-confirmed': 'Your email address is changed.',
  password: 'Your password is changed. Other devices have been signed out.',
  visibility: 'Your privacy choices are saved.',
  notifications: 'Your notification choices are saved.',
};

export async function settingsPage(
  c: Context<AppEnv>,
  sessionUser: SessionUser,
  state: SettingsState,
  status = 200,
) {
  const [row] = await settingsPageRows(c.get('db'), sessionUser.id);
  if (!row) throw new Error(`settings: no user ${sessionUser.id}`);
  const { pending, notification_rows, order_rows, ...user } = row;
  return renderPage(c, {
    status,
    meta: {
      title: 'Settings',
      description: 'Your account, privacy and notification settings.',
      noindex: true,
    },
    body: settingsBody(user, pending, notification_rows, order_rows, state),
  });
}

type SettingsRow = NonNullable<Awaited<ReturnType<typeof settingsPageRows>>[number]>;

function settingsBody(
  user: Omit<SettingsRow, 'pending' | 'notification_rows' | 'order_rows'>,
  pending: SettingsRow['pending'],
  notification_rows: SettingsRow['notification_rows'],
  order_rows: SettingsRow['order_rows'],
  state: SettingsState,
) {
  const attributes = ownAttributes(user);
  const form = (section: SettingsSection) => formSection(state, section, `settings-${section}`);
  return (
    <>
      <PageHero eyebrow="Your account" title="Settings" />
      <div className="prose settings">
        {state.notice && (
          <p className="notice notice--success" role="status">
            {state.notice}
          </p>
        )}
        <NamesSection form={form('names')} user={user} />
        <EmailSection form={form('email')} email={user.email} pending={pending} />
        <PasswordSection form={form('password')} />
        <TitledSection headingId="visibility" title="Who sees your details">
          <p>Your name and picture are always public. For everything else, choose the audience.</p>
          <SectionForm form={form('visibility')} action="/settings/visibility">
            <VisibilityChoices
              visibilities={PROFILE_ATTRIBUTES.map(
                (def) => attributes.find((a) => a.key === def.key)!.visibility,
              )}
            />
            <button type="submit" className="button button--primary">
              Save privacy choices
            </button>
          </SectionForm>
        </TitledSection>
        <TitledSection headingId="settings-notifications-heading" title="Notifications">
          <SectionForm form={form('notifications')} action="/settings/notifications">
            <NotificationChoices enabled={notificationChoices(notification_rows).map((n) => n.enabled)} />
            <button type="submit" className="button button--primary">
              Save notification choices
            </button>
          </SectionForm>
        </TitledSection>
        <TitledSection headingId="orders" title="Your orders">
          <MemberOrders orders={memberOrderSummaries(order_rows)} />
        </TitledSection>
        <TitledSection headingId="settings-export-heading" title="Your data">
          <p>Download everything Campaign HQ keeps about you, as a JSON file.</p>
          <p>
            <a className="button" href="/settings/export" download>
              Export my data
            </a>
          </p>
        </TitledSection>
        <TitledSection headingId="settings-campaigns-heading" title="Campaigns that know you">
          <p>
            <a href="/settings/campaigns">See which campaigns hold what about you, and disconnect</a>
          </p>
        </TitledSection>
        <DeleteSection form={form('delete')} email={user.email} />
      </div>
    </>
  );
}

/** The member's name, or the organization's, as their kind of account has it. */
function NamesSection({
  form,
  user,
}: {
  form: FormSection;
  user: Pick<SettingsRow, 'kind' | 'org_name' | 'first_name' | 'last_name'>;
}) {
  return (
    <TitledSection headingId="settings-names-heading" title="Name">
      <SectionForm form={form} action="/settings/names" noValidate>
        {user.kind === 'organization' ? (
          <SectionInput
            form={form}
            name="orgName"
            label="Organization name"
            autoComplete="organization"
            fallback={user.org_name ?? ''}
          />
        ) : (
          <div className="field-row">
            <SectionInput
              form={form}
              name="firstName"
              label="First name"
              autoComplete="given-name"
              fallback={user.first_name ?? ''}
            />
            <SectionInput
              form={form}
              name="lastName"
              label="Last name"
              autoComplete="family-name"
              fallback={user.last_name ?? ''}
            />
          </div>
        )}
        <button type="submit" className="button button--primary">
          Save name
        </button>
      </SectionForm>
    </TitledSection>
  );
}

/** The sign-in address, a change still waiting for its link, and the form to change it. */
function EmailSection({
  form,
  email,
  pending,
}: {
  form: FormSection;
  email: string;
  pending: SettingsRow['pending'];
}) {
  return (
    <TitledSection headingId="settings-email-heading" title="Email">
      <p>
        You sign in with <strong data-testid="current-email">{email}</strong>.
        {pending && (
          <>
            {' '}
            A change to <strong>{pending.email}</strong> is waiting for you to open the link we sent there.
          </>
        )}
      </p>
      <SectionForm form={form} action="/settings/email" noValidate>
        <SectionInput form={form} name="newEmail" label="New email" type="email" autoComplete="email" />
        <CurrentPasswordInput form={form} name="password" />
        <button type="submit" className="button button--primary">
          Send confirmation link
        </button>
      </SectionForm>
    </TitledSection>
  );
}

/** The current password, asked again before the account's email or password changes or it is deleted. */
function CurrentPasswordInput({ form, name }: { form: FormSection; name: string }) {
  return (
    <SectionInput
      form={form}
      name={name}
      label="Current password"
      type="password"
      autoComplete="current-password"
    />
  );
}

const NEW_PASSWORD_FIELDS = [
  ['newPassword', 'New password (at least 10 characters)'],
  ['confirmPassword', 'New password again'],
] as const;

function PasswordSection({ form }: { form: FormSection }) {
  return (
    <TitledSection headingId="settings-password-heading" title="Password">
      <SectionForm form={form} action="/settings/password" noValidate>
        <CurrentPasswordInput form={form} name="currentPassword" />
        {NEW_PASSWORD_FIELDS.map(([name, label]) => (
          <SectionInput
            key={name}
            form={form}
            name={name}
            label={label}
            type="password"
            autoComplete="new-password"
          />
        ))}
        <button type="submit" className="button button--primary">
          Change password
        </button>
      </SectionForm>
    </TitledSection>
  );
}

/** Deleting the account, confirmed by typing the email and the password. */
function DeleteSection({ form, email }: { form: FormSection; email: string }) {
  return (
    <TitledSection headingId="settings-delete-heading" title="Delete my account" className="settings__danger">
      <p>
        This removes your profile, follows, sessions and personal details for good. Records we must keep by
        law (orders, donations) stay, without your name or contact details.
      </p>
      <SectionForm form={form} action="/settings/delete" noValidate>
        <SectionInput
          form={form}
          name="confirmEmail"
          label={`Type your email (${email}) to confirm`}
          type="email"
          autoComplete="off"
        />
        <CurrentPasswordInput form={form} name="password" />
        <button type="submit" className="button button--danger">
          Delete my account
        </button>
      </SectionForm>
    </TitledSection>
  );
}

/** One audience per profile attribute, in PROFILE_ATTRIBUTES' order. */
function VisibilityChoices({ visibilities }: { visibilities: string[] }) {
  return (
    <div className="visibility-grid">
      {PROFILE_ATTRIBUTES.map((def, i) => (
        <div className="field" key={def.key}>
          <label htmlFor={`visibility-${def.key}`}>{def.label}</label>
          <select id={`visibility-${def.key}`} name={def.key} defaultValue={visibilities[i]}>
            {VISIBILITIES.map((v) => (
              <option key={v} value={v}>
                {VISIBILITY_LABELS[v]}
              </option>
            ))}
          </select>
        </div>
      ))}
    </div>
  );
}

/** One checkbox per notification type, in NOTIFICATION_TYPES' order. */
function NotificationChoices({ enabled }: { enabled: boolean[] }) {
  return (
    <fieldset className="choice-list">
      <legend>Notify me about</legend>
      {NOTIFICATION_TYPES.map((n, i) => (
        <label key={n.type} className="choice">
          <input type="checkbox" name={`type-${n.type}`} value="on" defaultChecked={enabled[i]} />
          {n.label}
        </label>
      ))}
    </fieldset>
  );
}
