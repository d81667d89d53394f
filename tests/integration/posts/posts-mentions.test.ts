import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPE } from '../../../api/contract/notification-types';
import { ValidationError } from '../../../api/modules/errors';
import { feedOf, findPost, postsByAuthor } from '../../../api/modules/posts/feed';
import { MAX_MENTIONS, parseMentions } from '../../../api/modules/posts/mentions';
import { createPost } from '../../../api/modules/posts/service';
import { localDiskFiles } from '../../../api/ports/files/local-disk';
import type { DbHandle } from '../../../db/client';
import { follow, makeMember, notificationsOf } from '../../factories/social';
import { createTestDatabase } from '../../factories/test-db';

/**
 * Posts and @mentions: which handles a text names, who is told (type 9) and who is not (unknown,
 * blocked, deleted, the author, members who switched type 9 off), and where posts appear.
 */
let handle: DbHandle;
let dataDir: string;
let deps: Parameters<typeof createPost>[0];

beforeAll(async () => {
  handle = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'posts-'));
  deps = { db: handle.db, files: localDiskFiles(dataDir) };
});
afterAll(async () => {
  await handle.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('parseMentions', () => {
  it('finds handles after an @ that starts a word, lower-cased and once each', () => {
    expect(parseMentions('Thanks @Jordan-Rivera and @ana-diaz! cc @jordan-rivera')).toEqual([
      'jordan-rivera',
      'ana-diaz',
    ]);
    expect(parseMentions('(@ana-diaz), @bob.')).toEqual(['ana-diaz', 'bob']);
  });

  it('ignores e-mail addresses, paths and domains', () => {
    expect(parseMentions('Write to jo@example.org or team@campaignhq.test')).toEqual([]);
    expect(parseMentions('See https://x.com/@someone and @example.org')).toEqual([]);
  });

  it('ignores what cannot be a handle and stops at ten', () => {
    expect(parseMentions('@a @ab @-bad @bad- @okay')).toEqual(['okay']);
    const many = Array.from({ length: 15 }, (_, i) => `@person-${i}`).join(' ');
    expect(parseMentions(many)).toHaveLength(MAX_MENTIONS);
  });
});

describe('a post with mentions', () => {
  it('notifies each mentioned member once, linking to the post', async () => {
    const author = await makeMember(handle.db, { first_name: 'Ana', last_name: 'Diaz' });
    const jordan = await makeMember(handle.db);
    const post = await createPost(deps, author.id, {
      body: `Great canvass with @${jordan.handle} and @${jordan.handle}!`,
    });
    const told = await notificationsOf(handle.db, jordan.id, NOTIFICATION_TYPE.mentionedInPost);
    expect(told).toEqual([
      {
        message: 'Ana Diaz mentioned you in a post.',
        route: `/social-media/posts/${post.id}`,
        related_user_id: author.id,
      },
    ]);
  });

  it('tells nobody for unknown handles, blocked or deleted accounts, the author, or e-mail addresses', async () => {
    const author = await makeMember(handle.db);
    const blockedAccount = await makeMember(handle.db, { blocked_at: new Date() });
    const deleted = await makeMember(handle.db, { deleted_at: new Date() });
    const blocksAuthor = await makeMember(handle.db);
    await handle.db
      .insertInto('blocks')
      .values({ blocker_id: blocksAuthor.id, blocked_id: author.id })
      .execute();
    const emailed = await makeMember(handle.db);
    await createPost(deps, author.id, {
      body: `@nobody-here @${blockedAccount.handle} @${deleted.handle} @${blocksAuthor.handle} @${author.handle} mail ${emailed.handle}@social.test`,
    });
    for (const who of [blockedAccount, deleted, blocksAuthor, author, emailed]) {
      expect(await notificationsOf(handle.db, who.id, NOTIFICATION_TYPE.mentionedInPost)).toEqual([]);
    }
  });

  it('respects a member who switched mention notifications off', async () => {
    const author = await makeMember(handle.db);
    const quiet = await makeMember(handle.db);
    await handle.db
      .insertInto('notification_preferences')
      .values({ user_id: quiet.id, notification_type: NOTIFICATION_TYPE.mentionedInPost, enabled: false })
      .execute();
    const post = await createPost(deps, author.id, { body: `Hello @${quiet.handle}` });
    expect(await notificationsOf(handle.db, quiet.id, NOTIFICATION_TYPE.mentionedInPost)).toEqual([]);
    // The post itself is published and links the mention.
    const shown = await findPost(handle.db, post.id);
    expect(shown?.mentions).toEqual({
      [quiet.handle]: expect.stringMatching(/^\/profile\/member-\d+\/\d+$/),
    });
  });
});

describe('where posts appear', () => {
  it("shows a post on the author's profile and in followers' feeds, not in others'", async () => {
    const author = await makeMember(handle.db);
    const follower = await makeMember(handle.db);
    const stranger = await makeMember(handle.db);
    await follow(handle.db, follower.id, author.id);
    const post = await createPost(deps, author.id, { body: 'Doors open at 9 https://example.org/rally' });
    expect((await postsByAuthor(handle.db, author.id)).map((p) => p.id)).toContain(post.id);
    expect((await feedOf(handle.db, follower.id)).map((p) => p.id)).toContain(post.id);
    expect((await feedOf(handle.db, stranger.id)).map((p) => p.id)).not.toContain(post.id);
  });

  it('stores an image re-encoded as WebP and refuses what is not an image', async () => {
    const author = await makeMember(handle.db);
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const post = await createPost(
      deps,
      author.id,
      { body: 'Our yard signs' },
      { bytes: png, declaredType: 'image/png' },
    );
    expect((await findPost(handle.db, post.id))?.imageUrl).toMatch(
      /^\/media\/uploads\/post-images\/\d+-[0-9a-f]+\.webp$/,
    );
    await expect(
      createPost(
        deps,
        author.id,
        { body: 'Not an image' },
        { bytes: new TextEncoder().encode('hello'), declaredType: 'image/png' },
      ),
    ).rejects.toBeInstanceOf(ValidationError);
  });
});
