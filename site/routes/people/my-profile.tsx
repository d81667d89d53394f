import type { SessionUser } from '../../../api/contract/session-user';
import { RateLimitedError, ValidationError } from '../../../api/modules/errors';
import { ACCEPTED_IMAGE_TYPES, MAX_IMAGE_BYTES } from '../../../api/modules/images/upload-rules';
import { saveProfileImage } from '../../../api/modules/people/profile-image';
import { ownAttributes, profileView, updateProfile } from '../../../api/modules/people/profiles';
import { profileInput } from '../../../api/modules/people/schema';
import { getReferenceLists } from '../../../api/modules/reference-options/service';
import { PageHero } from '../../components/PageHero';
import { ProfileDetails } from '../../components/ProfileDetails';
import { optionLabeler } from '../../lib/option-labels';
import { renderPage } from '../../render/render-page';
import { Island } from '../../server/Island';
import type { PageContext } from '../../server/page';
import { type FormState, loadOwnUser } from './member-pages';
import { ProfileEditForm } from './ProfileEditForm';

const SAVED: Record<string, string> = {
  profile: 'Your profile is saved.',
  image: 'Your new profile picture is saved.',
};

/** Scripts get JSON; a plain form post goes back to the page (with the image for browser storage). */
function imageAnswer(
  c: PageContext,
  user: SessionUser,
  result: { url?: string; error?: string },
  status: 200 | 400 | 429 = 200,
) {
  if (c.req.header('accept')?.includes('application/json')) return c.json(result, status);
  if (result.url) return c.redirect(`/myprofile?saved=image&image=${encodeURIComponent(result.url)}`, 303);
  return myProfilePage(c, user, { imageError: result.error }, status);
}

async function myProfilePage(
  c: PageContext,
  sessionUser: SessionUser,
  state: FormState & { uploaded?: string; imageError?: string },
  status = 200,
) {
  const db = c.get('db');
  const user = await loadOwnUser(c, sessionUser);
  const [profile, lists] = await Promise.all([profileView(db, user, user.id), getReferenceLists(db)]);
  const label = optionLabeler(lists);
  return renderPage(c, {
    status,
    meta: {
      title: 'My profile',
      description: 'Your Campaign HQ profile.',
      canonicalPath: '/myprofile',
      noindex: true,
    },
    body: (
      <>
        <PageHero eyebrow="My profile" title={profile.name} lead={profile.bio ?? undefined}>
          <p className="profile-hero__actions">
            <a className="button button--ghost" href={profile.path}>
              See my public profile
            </a>
            <a className="button button--ghost" href="/settings">
              Settings
            </a>
          </p>
        </PageHero>
        <div className="prose">
          {state.formError && (
            <p className="notice notice--error" role="alert">
              {state.formError}
            </p>
          )}
          {state.notice && (
            <p className="notice notice--success" role="status">
              {state.notice}
            </p>
          )}
          <p>
            {profile.followers} {profile.followers === 1 ? 'follower' : 'followers'} · following{' '}
            {profile.following}
          </p>
          <h2>Picture</h2>
          <Island
            name="ProfileImageUpload"
            props={{
              current: user.profile_image,
              uploaded: state.uploaded ?? null,
              accept: ACCEPTED_IMAGE_TYPES,
              maxMegabytes: MAX_IMAGE_BYTES / 1024 / 1024,
              error: state.imageError ?? null,
            }}
          />
          <h2>What you share</h2>
          <p>
            Each detail shows its audience. Change who sees what in{' '}
            <a href="/settings#visibility">Settings</a>.
          </p>
          <ProfileDetails profile={profile} label={label} />
          <h2 id="edit">Edit your profile</h2>
          <ProfileEditForm
            attributes={ownAttributes(user)}
            bio={user.bio ?? ''}
            lists={lists}
            errors={state.errors ?? {}}
          />
        </div>
      </>
    ),
  });
}

export function showMyProfile(c: PageContext, user: SessionUser) {
  const saved = c.req.query('saved');
  return myProfilePage(c, user, {
    notice: saved ? SAVED[saved] : undefined,
    uploaded: c.req.query('image'),
  });
}

export async function saveMyProfile(c: PageContext, user: SessionUser) {
  const body = await c.req.parseBody({ all: true });
  const attributes: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(body)) {
    if (key === 'bio') continue;
    attributes[key] = (Array.isArray(value) ? value : [value]).map(String);
  }
  const parsed = profileInput.safeParse({ bio: String(body.bio ?? ''), attributes });
  if (!parsed.success) return myProfilePage(c, user, { errors: parsed.error.flatten().fieldErrors }, 400);
  try {
    await updateProfile(c.get('db'), user.id, parsed.data);
  } catch (error) {
    if (error instanceof ValidationError) return myProfilePage(c, user, { errors: error.fieldErrors }, 400);
    if (error instanceof RateLimitedError) return myProfilePage(c, user, { formError: error.message }, 429);
    throw error;
  }
  return c.redirect('/myprofile?saved=profile', 303);
}

export async function uploadProfileImage(c: PageContext, user: SessionUser) {
  const body = await c.req.parseBody();
  const file = body.image;
  if (!(file instanceof File)) return imageAnswer(c, user, { error: 'Please choose an image.' }, 400);
  try {
    const { url } = await saveProfileImage({ db: c.get('db'), files: c.get('files') }, user.id, {
      bytes: new Uint8Array(await file.arrayBuffer()),
      declaredType: file.type,
    });
    return imageAnswer(c, user, { url });
  } catch (error) {
    if (error instanceof ValidationError || error instanceof RateLimitedError) {
      return imageAnswer(c, user, { error: error.message }, error instanceof RateLimitedError ? 429 : 400);
    }
    throw error;
  }
}
