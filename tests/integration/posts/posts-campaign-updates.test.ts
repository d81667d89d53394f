import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPE } from '../../../api/contract/notification-types';
import { ForbiddenError, ValidationError } from '../../../api/modules/errors';
import { feedOf, findPost } from '../../../api/modules/posts/feed';
import { createPost, deletePost, reportPost } from '../../../api/modules/posts/service';
import { localDiskFiles } from '../../../api/ports/files/local-disk';
import type { DbHandle } from '../../../db/client';
import {
  follow,
  makeCandidate,
  makeMember,
  notificationsOf,
  socialMediaCampaign,
} from '../../factories/social';
import { createTestDatabase } from '../../factories/test-db';

/**
 * A candidate's post in one of their SocialMedia campaigns tells every follower (type 10) in one
 * statement, minus those who switched it off; deleting, removing and reporting posts.
 */
let handle: DbHandle;
let dataDir: string;
let deps: Parameters<typeof createPost>[0];

beforeAll(async () => {
  // Reports are checked against the `report` list, which every test database holds.
  handle = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'posts-'));
  deps = { db: handle.db, files: localDiskFiles(dataDir) };
});
afterAll(async () => {
  await handle.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('campaign updates (type 10)', () => {
  it("tells the candidate's followers who want it, and nobody for an ordinary post", async () => {
    const candidate = await makeCandidate(handle.db, { first_name: 'Avery', last_name: 'Chen' });
    const campaign = await socialMediaCampaign(handle.db, candidate.id, 'Get out the vote');
    const fans = await Promise.all([1, 2, 3].map(() => makeMember(handle.db)));
    const quiet = await makeMember(handle.db);
    const gone = await makeMember(handle.db);
    for (const fan of [...fans, quiet, gone]) await follow(handle.db, fan.id, candidate.id);
    await handle.db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', gone.id).execute();
    await handle.db
      .insertInto('notification_preferences')
      .values({ user_id: quiet.id, notification_type: NOTIFICATION_TYPE.campaignUpdate, enabled: false })
      .execute();

    await createPost(deps, candidate.id, { body: 'An ordinary post' });
    expect(await notificationsOf(handle.db, fans[0]!.id, NOTIFICATION_TYPE.campaignUpdate)).toEqual([]);

    const post = await createPost(deps, candidate.id, { body: 'Polls open at 7', campaignId: campaign });
    for (const fan of fans) {
      expect(await notificationsOf(handle.db, fan.id, NOTIFICATION_TYPE.campaignUpdate)).toEqual([
        {
          message: 'Avery Chen posted an update to Get out the vote.',
          route: `/social-media/posts/${post.id}`,
          related_user_id: candidate.id,
        },
      ]);
    }
    expect(await notificationsOf(handle.db, quiet.id, NOTIFICATION_TYPE.campaignUpdate)).toEqual([]);
    expect(await notificationsOf(handle.db, gone.id, NOTIFICATION_TYPE.campaignUpdate)).toEqual([]);
  });

  it('gives a mentioned follower the mention only, not both', async () => {
    const candidate = await makeCandidate(handle.db);
    const campaign = await socialMediaCampaign(handle.db, candidate.id);
    const fan = await makeMember(handle.db);
    await follow(handle.db, fan.id, candidate.id);
    await createPost(deps, candidate.id, { body: `Thank you @${fan.handle}`, campaignId: campaign });
    expect(await notificationsOf(handle.db, fan.id, NOTIFICATION_TYPE.mentionedInPost)).toHaveLength(1);
    expect(await notificationsOf(handle.db, fan.id, NOTIFICATION_TYPE.campaignUpdate)).toEqual([]);
  });

  it("refuses another candidate's campaign or one of another type, and posts nothing", async () => {
    const candidate = await makeCandidate(handle.db);
    const other = await makeCandidate(handle.db);
    const theirs = await socialMediaCampaign(handle.db, other.id);
    const donation = await handle.db
      .insertInto('campaigns')
      .values({ candidate_id: candidate.id, type: 'CampaignDonation', name: 'Fund' })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const campaignId of [theirs, donation.id]) {
      await expect(createPost(deps, candidate.id, { body: 'x', campaignId })).rejects.toBeInstanceOf(
        ValidationError,
      );
    }
    expect(await feedOf(handle.db, candidate.id)).toEqual([]);
  });
});

describe('deleting and reporting', () => {
  it('lets the author delete, refuses other members, and lets moderators remove', async () => {
    const author = await makeMember(handle.db);
    const other = await makeMember(handle.db);
    const first = await createPost(deps, author.id, { body: 'first' });
    await expect(
      deletePost(handle.db, { id: other.id, canModerate: false }, first.id),
    ).rejects.toBeInstanceOf(ForbiddenError);
    await deletePost(handle.db, { id: author.id, canModerate: false }, first.id);
    expect(await findPost(handle.db, first.id)).toBeNull();

    const second = await createPost(deps, author.id, { body: 'second' });
    await deletePost(handle.db, { id: other.id, canModerate: true }, second.id);
    expect(await findPost(handle.db, second.id)).toBeNull();
    const audit = await handle.db
      .selectFrom('audit_logs')
      .select(['action', 'actor_id'])
      .where('target_type', '=', 'post')
      .where('target_id', '=', String(second.id))
      .execute();
    expect(audit).toEqual([{ action: 'post.remove', actor_id: other.id }]);
  });

  it("raises a red flag for someone else's post with a listed reason, not for one's own", async () => {
    const author = await makeMember(handle.db);
    const reader = await makeMember(handle.db);
    const post = await createPost(deps, author.id, { body: 'Buy followers here' });
    const { redFlagId } = await reportPost(handle.db, reader.id, post.id, { reason: 'spam' });
    const flag = await handle.db
      .selectFrom('red_flags')
      .selectAll()
      .where('id', '=', redFlagId)
      .executeTakeFirstOrThrow();
    expect(flag).toMatchObject({
      target_type: 'post',
      target_id: String(post.id),
      reporter_id: reader.id,
      status: 'open',
    });
    await expect(reportPost(handle.db, author.id, post.id, { reason: 'spam' })).rejects.toBeInstanceOf(
      ValidationError,
    );
    await expect(
      reportPost(handle.db, reader.id, post.id, { reason: 'not-a-reason' }),
    ).rejects.toBeInstanceOf(ValidationError);
  });
});
