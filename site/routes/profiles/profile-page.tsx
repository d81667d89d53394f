import type { Next } from 'hono';
import { FEATURES } from '../../../api/contract/feature-names';
import { visibleValue } from '../../../api/contract/profile-attributes';
import { VISITOR_CACHE_CONTROL } from '../../../api/middleware/visitor-page-cache';
import { endorsementsOf } from '../../../api/modules/endorsements/service';
import { attendanceHistory } from '../../../api/modules/events/attendance-history';
import { upcomingEventsOf } from '../../../api/modules/events/search';
import { isFeatureEnabled } from '../../../api/modules/feature-toggles/service';
import { entitlementsOf } from '../../../api/modules/membership/entitlements';
import { findPublicProfileById, findVendorByHandle, profileView } from '../../../api/modules/people/profiles';
import { postsByAuthor } from '../../../api/modules/posts/feed';
import { getReferenceLists } from '../../../api/modules/reference-options/service';
import { listProducts } from '../../../api/modules/shop/catalog';
import { candidateCard } from '../../../api/modules/stances/service';
import type { AttributeVisibilityMap, User } from '../../../db/schema';
import { VendorProducts } from '../../components/ProductGrid';
import { ProfileDetails } from '../../components/ProfileDetails';
import { optionLabeler } from '../../lib/option-labels';
import { notFoundPage } from '../../render/error-pages';
import { renderPage } from '../../render/render-page';
import { ProfileHero } from '../../server/ProfileHero';
import type { Page, PageContext, RouteContext } from '../../server/page';
import { AttendanceHistorySection } from '../events/attendance-history';
import { UpcomingEventsSection } from '../events/upcoming-events';
import { postViewerOf } from '../social-media/post-viewer';
import { EndorsementsSection, PostsSection, StancesSection } from './social-sections';

/**
 * A profile as the current viewer may see it. Title, description and Open Graph tags use only
 * what this viewer sees too, so a hidden attribute cannot leak through a link preview.
 */
export async function profilePage(c: PageContext, user: User, canonicalPath?: string): Promise<Page> {
  const db = c.get('db');
  const viewer = c.get('user');
  const hosts = user.is_candidate || user.kind === 'organization';
  const self = viewer?.id === user.id;
  const [
    profile,
    lists,
    donationsOpen,
    entitlements,
    posts,
    postViewer,
    endorsements,
    card,
    events,
    attended,
  ] = await Promise.all([
    profileView(db, user, viewer?.id ?? null),
    getReferenceLists(db),
    user.is_candidate && user.handle ? isFeatureEnabled(db, FEATURES.campaignDonations) : false,
    entitlementsOf(db, user.id),
    postsByAuthor(db, user.id),
    postViewerOf(c),
    user.is_candidate ? endorsementsOf(db, user.id, viewer?.id ?? null) : null,
    user.is_candidate ? candidateCard(db, user.id) : null,
    hosts ? upcomingEventsOf(db, user.id, viewer?.id ?? null) : null,
    self ? attendanceHistory(db, user.id) : null,
  ]);
  const label = optionLabeler(lists);
  const state = visibleValue(
    { ...user, attribute_visibility: user.attribute_visibility as AttributeVisibilityMap },
    'state',
    profile.viewer,
  );
  const where = state ? ` in ${label('states', state)}` : '';
  return {
    meta: {
      title: profile.name,
      description:
        profile.bio?.slice(0, 160) ||
        `${profile.name}, ${profile.roleLabel.toLowerCase()}${where}, on Campaign HQ.`,
      canonicalPath: canonicalPath ?? profile.path,
      image: profile.profileImage ?? undefined,
      ogType: 'profile',
    },
    body: (
      <>
        <ProfileHero profile={profile} signedIn={viewer !== null} verified={entitlements.verifiedBadge} />
        <div className="prose profile-body">
          <h2>About {profile.name}</h2>
          <ProfileDetails profile={profile} label={label} />
          {donationsOpen && (
            <p>
              <a className="button button--primary" href={`/donate/${user.handle}`}>
                Donate to {profile.name}
              </a>
            </p>
          )}
          {profile.vendorHandle && (
            <p>
              Shop: <a href={`/${profile.vendorHandle}`}>campaign merchandise by {profile.name}</a>
            </p>
          )}
          {endorsements && (
            <EndorsementsSection
              candidate={{ id: user.id, name: profile.name, path: profile.path }}
              summary={endorsements}
              viewer={{
                signedIn: viewer !== null,
                self: viewer?.id === user.id,
                vendor: viewer?.vendor ?? false,
              }}
            />
          )}
          {card && <StancesSection card={card} self={viewer?.id === user.id} />}
          {events && (
            <UpcomingEventsSection
              hostId={user.id}
              name={profile.name}
              events={events}
              viewer={{ signedIn: viewer !== null, self: viewer?.id === user.id }}
            />
          )}
          {attended && <AttendanceHistorySection shifts={attended} />}
          <PostsSection name={profile.name} posts={posts} viewer={postViewer} reasons={lists.report ?? []} />
        </div>
      </>
    ),
  };
}

/**
 * A public profile at /profile/{name}/{id}; a wrong name answers 301 to the canonical URL. The
 * redirect is revalidated like the page (browsers keep a bare 301 for good): a member renamed and
 * renamed back would otherwise send returning visitors round in a loop.
 */
export async function showProfile(c: RouteContext<'/profile/:name/:id'>) {
  const user = await findPublicProfileById(c.get('db'), Number(c.req.param('id')));
  if (!user) return renderPage(c, notFoundPage());
  const page = await profilePage(c, user);
  const canonical = page.meta.canonicalPath!;
  if (c.req.path !== canonical) {
    c.header('Cache-Control', VISITOR_CACHE_CONTROL);
    return c.redirect(canonical, 301);
  }
  return renderPage(c, page);
}

/** A vendor's public page at /{handle} with their products; an unknown handle falls through (404). */
export async function showVendorPage(c: RouteContext<'/:handle'>, next: Next) {
  const vendor = await findVendorByHandle(c.get('db'), c.req.param('handle'));
  if (!vendor) return next();
  const [page, products] = await Promise.all([
    profilePage(c, vendor, `/${vendor.handle}`),
    listProducts(c.get('db'), { vendorId: vendor.id }),
  ]);
  return renderPage(c, {
    ...page,
    body: (
      <>
        {page.body}
        <VendorProducts products={products} />
      </>
    ),
  });
}
