import { safeRedirect } from '../../../api/auth/safe-redirect';
import { setupInput } from '../../../api/modules/accounts/schema';
import { completeSetup } from '../../../api/modules/accounts/service';
import { setupValues } from '../../../api/modules/accounts/setup-values';
import { getReferenceLists } from '../../../api/modules/reference-options/service';
import { AuthCard } from '../../components/AuthCard';
import type { SetupFormProps } from '../../islands/SetupForm';
import { renderPage } from '../../render/render-page';
import { requireSignedIn } from '../../server/guard-page';
import { Island } from '../../server/Island';
import type { PageContext } from '../../server/page';
import { one, postedForm, runAction } from './form-post';

function visitorRedirect(c: PageContext): Response {
  return requireSignedIn(c) ?? c.redirect('/', 302);
}

/** After setup: the page the user was on the way to, never /setup itself, else their profile. */
function destinationOf(c: PageContext, raw: string | undefined): string {
  const path = safeRedirect(raw, c.get('config').appUrl, '/myprofile');
  return path === '/setup' || path.startsWith('/setup?') || path.startsWith('/setup/') ? '/myprofile' : path;
}

async function setupPage(c: PageContext, props: Omit<SetupFormProps, 'fallbackLists'>, status = 200) {
  const lists = await getReferenceLists(c.get('db'));
  const fallbackLists = {
    states: lists.states ?? [],
    party: lists.party ?? [],
    position: lists.position ?? [],
  };
  return renderPage(c, {
    status,
    meta: {
      title: 'Set up your profile',
      description: 'Tell us about yourself to get started.',
      canonicalPath: '/setup',
      noindex: true,
    },
    body: (
      <AuthCard
        wide
        title="Set up your profile"
        lead="Tell other members where you are and what you care about. You can change all of this later in Settings."
      >
        <Island name="SetupForm" props={{ ...props, fallbackLists }} />
      </AuthCard>
    ),
  });
}

export async function showSetup(c: PageContext) {
  const user = c.get('user');
  if (!user) return visitorRedirect(c);
  const row = await setupValues(c.get('db'), user.id);
  const initialValues = {
    state: row?.state ?? undefined,
    party: row?.party ?? undefined,
    position: row?.position ?? undefined,
    interests: row?.interests ?? [],
    bio: row?.bio ?? undefined,
  };
  return setupPage(c, { destination: destinationOf(c, c.req.query('callbackUrl')), initialValues });
}

export async function submitSetup(c: PageContext) {
  const user = c.get('user');
  if (!user) return visitorRedirect(c);
  const form = await postedForm(c);
  const destination = destinationOf(c, one(form, 'callbackUrl'));
  const input = {
    state: one(form, 'state'),
    party: one(form, 'party'),
    position: one(form, 'position') || undefined,
    interests: form.interests ?? [],
    bio: one(form, 'bio').trim() || undefined,
  };
  const result = await runAction(setupInput, input, (data) => completeSetup(c.get('db'), user.id, data));
  if (result.ok) return c.redirect(destination, 303);
  return setupPage(
    c,
    { destination, initialValues: input, initialErrors: result.errors, initialFormError: result.formError },
    result.status,
  );
}
