import type { Hono } from 'hono';
import type { AppEnv } from '../../api/env';
import {
  findPublicProfileById,
  findVendorByHandle,
  profileName,
  profileSlug,
} from '../../api/modules/people/profiles';
import type { User } from '../../db/schema';
import { PageHero, Prose } from '../components/PageHero';
import type { Page } from '../lib/page';
import { renderPage } from '../render/render-page';
import { notFoundPage } from './errors';

/** Public profiles at /profile/{name}/{id}; a wrong name answers 301 to the canonical URL. */
export function registerProfileRoutes(app: Hono<AppEnv>) {
  app.get('/profile/:name/:id{[0-9]+}', async (c) => {
    const user = await findPublicProfileById(c.get('db'), Number(c.req.param('id')));
    if (!user) return renderPage(c, notFoundPage());
    const canonical = `/profile/${profileSlug(user)}/${user.id}`;
    if (c.req.path !== canonical) return c.redirect(canonical, 301);
    return renderPage(c, profilePage(user, canonical));
  });
}

/** Vendors' public page at /{handle}; registered last so every named route wins. */
export function registerVendorRoute(app: Hono<AppEnv>) {
  app.get('/:handle{[a-z0-9][a-z0-9-]{1,38}[a-z0-9]}', async (c, next) => {
    const vendor = await findVendorByHandle(c.get('db'), c.req.param('handle'));
    if (!vendor) return next();
    return renderPage(c, profilePage(vendor, `/${vendor.handle}`));
  });
}

function profilePage(user: User, canonicalPath: string): Page {
  const name = profileName(user);
  const kind = user.kind === 'organization' ? 'Organization' : user.is_candidate ? 'Candidate' : 'Member';
  return {
    meta: {
      title: name,
      description: user.bio?.slice(0, 160) || `${name} on Campaign HQ${user.state ? `, ${user.state}` : ''}.`,
      canonicalPath,
      image: user.profile_image ?? undefined,
    },
    body: (
      <>
        <PageHero eyebrow={kind} title={name} lead={user.bio ?? undefined}>
          {user.profile_image && (
            <img className="profile-avatar" src={user.profile_image} alt="" width="96" height="96" />
          )}
        </PageHero>
        <Prose>
          <dl className="profile-facts">
            {user.state && (
              <>
                <dt>State</dt>
                <dd>{user.state}</dd>
              </>
            )}
            {user.is_candidate && user.candidate_office && (
              <>
                <dt>Running for</dt>
                <dd>
                  {user.candidate_office}
                  {user.candidate_district ? ` (${user.candidate_district})` : ''}
                </dd>
              </>
            )}
          </dl>
        </Prose>
      </>
    ),
  };
}
