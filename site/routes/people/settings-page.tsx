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
import { FieldError } from '../../components/FieldError';
import { MemberOrders } from '../../components/MemberOrders';
import { PageHero } from '../../components/PageHero';
import { fieldAria } from '../../lib/form-errors';
import { renderPage } from '../../render/render-page';
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
  const notifications = notificationChoices(notification_rows);
  const orders = memberOrderSummaries(order_rows);
  const attributes = ownAttributes(user);
  const errorsFor = (section: SettingsSection) => (state.section === section ? (state.errors ?? {}) : {});
  const formError = (section: SettingsSection) =>
    state.section === section && state.formError ? (
      <p className="notice notice--error" role="alert">
        {state.formError}
      </p>
    ) : null;
  const value = (section: SettingsSection, name: string, fallback = '') =>
    state.section === section ? (state.values?.[name] ?? fallback) : fallback;
  const field = (
    section: SettingsSection,
    name: string,
    label: string,
    type = 'text',
    autoComplete?: string,
    fallback = '',
  ) => {
    const errors = errorsFor(section);
    const id = `settings-${section}`;
    return (
      <div className="field">
        <label htmlFor={`${id}-${name}`}>{label}</label>
        <input
          id={`${id}-${name}`}
          name={name}
          type={type}
          autoComplete={autoComplete}
          defaultValue={type === 'password' ? undefined : value(section, name, fallback)}
          {...fieldAria(errors, name, id)}
        />
        <FieldError id={`${id}-${name}-error`} messages={errors[name]} />
      </div>
    );
  };

  return (
    <>
      <PageHero eyebrow="Your account" title="Settings" />
      <div className="prose settings">
        {state.notice && (
          <p className="notice notice--success" role="status">
            {state.notice}
          </p>
        )}

        <section aria-labelledby="settings-names-heading">
          <h2 id="settings-names-heading">Name</h2>
          <form className="form" method="post" action="/settings/names" noValidate>
            {formError('names')}
            {user.kind === 'organization' ? (
              field('names', 'orgName', 'Organization name', 'text', 'organization', user.org_name ?? '')
            ) : (
              <div className="field-row">
                {field('names', 'firstName', 'First name', 'text', 'given-name', user.first_name ?? '')}
                {field('names', 'lastName', 'Last name', 'text', 'family-name', user.last_name ?? '')}
              </div>
            )}
            <button type="submit" className="button button--primary">
              Save name
            </button>
          </form>
        </section>

        <section aria-labelledby="settings-email-heading">
          <h2 id="settings-email-heading">Email</h2>
          <p>
            You sign in with <strong data-testid="current-email">{user.email}</strong>.
            {pending && (
              <>
                {' '}
                A change to <strong>{pending.email}</strong> is waiting for you to open the link we sent
                there.
              </>
            )}
          </p>
          <form className="form" method="post" action="/settings/email" noValidate>
            {formError('email')}
            {field('email', 'newEmail', 'New email', 'email', 'email')}
            {field('email', 'password', 'Current password', 'password', 'current-password')}
            <button type="submit" className="button button--primary">
              Send confirmation link
            </button>
          </form>
        </section>

        <section aria-labelledby="settings-password-heading">
          <h2 id="settings-password-heading">Password</h2>
          <form className="form" method="post" action="/settings/password" noValidate>
            {formError('password')}
            {field('password', 'currentPassword', 'Current password', 'password', 'current-password')}
            {field(
              'password',
              'newPassword',
              'New password (at least 10 characters)',
              'password',
              'new-password',
            )}
            {field('password', 'confirmPassword', 'New password again', 'password', 'new-password')}
            <button type="submit" className="button button--primary">
              Change password
            </button>
          </form>
        </section>

        <section aria-labelledby="visibility">
          <h2 id="visibility">Who sees your details</h2>
          <p>Your name and picture are always public. For everything else, choose the audience.</p>
          <form className="form" method="post" action="/settings/visibility">
            {formError('visibility')}
            <VisibilityChoices
              visibilities={PROFILE_ATTRIBUTES.map(
                (def) => attributes.find((a) => a.key === def.key)!.visibility,
              )}
            />
            <button type="submit" className="button button--primary">
              Save privacy choices
            </button>
          </form>
        </section>

        <section aria-labelledby="settings-notifications-heading">
          <h2 id="settings-notifications-heading">Notifications</h2>
          <form className="form" method="post" action="/settings/notifications">
            {formError('notifications')}
            <NotificationChoices enabled={notifications.map((n) => n.enabled)} />
            <button type="submit" className="button button--primary">
              Save notification choices
            </button>
          </form>
        </section>

        <section aria-labelledby="orders">
          <h2 id="orders">Your orders</h2>
          <MemberOrders orders={orders} />
        </section>

        <section aria-labelledby="settings-export-heading">
          <h2 id="settings-export-heading">Your data</h2>
          <p>Download everything Campaign HQ keeps about you, as a JSON file.</p>
          <p>
            <a className="button" href="/settings/export" download>
              Export my data
            </a>
          </p>
        </section>

        <section aria-labelledby="settings-delete-heading" className="settings__danger">
          <h2 id="settings-delete-heading">Delete my account</h2>
          <p>
            This removes your profile, follows, sessions and personal details for good. Records we must keep
            by law (orders, donations) stay, without your name or contact details.
          </p>
          <form className="form" method="post" action="/settings/delete" noValidate>
            {formError('delete')}
            {field('delete', 'confirmEmail', `Type your email (${user.email}) to confirm`, 'email', 'off')}
            {field('delete', 'password', 'Current password', 'password', 'current-password')}
            <button type="submit" className="button button--danger">
              Delete my account
            </button>
          </form>
        </section>
      </div>
    </>
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
