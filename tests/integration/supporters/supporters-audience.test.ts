import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appMassEmailAudiences } from '../../../api/modules/mass-email-audiences';
import { previewListEmail, sendListEmail } from '../../../api/modules/supporters/outreach';
import { saveList } from '../../../api/modules/supporters/saved-lists';
import { tagSupporter } from '../../../api/modules/supporters/tags';
import type { DbHandle } from '../../../db/client';
import { aCandidate, aMember, giveGift } from '../../factories/donations';
import { noQueue } from '../../factories/mass-email';
import { giveMembership } from '../../factories/membership';
import { supporterOf } from '../../factories/supporters';
import { createTestDatabase } from '../../factories/test-db';

/**
 * The 'supporter-list' audience (docs/decisions/0100-supporters.md): a saved list or a tag of the
 * campaign's own, as it reads at send time; another campaign's list or tag names nothing; a follower
 * is reached at their account's address; a blocked account and a disconnected person receive nothing.
 */
let handle: DbHandle;
const db = () => handle.db;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

const content = { subject: 'Thanks', body: 'Hello {{firstName}}', fromName: '' };
const deps = () => ({
  db: db(),
  jobs: noQueue,
  audiences: appMassEmailAudiences(),
  links: { appUrl: 'http://localhost', appSecret: 'x'.repeat(32) },
});

describe('emailing a saved list or a tag', () => {
  it('reaches the tag’s people now, followers at their account, never the blocked or disconnected', async () => {
    const campaign = await aCandidate(db());
    const other = await aCandidate(db());
    await giveMembership(db(), campaign.id, 'campaign');
    await giveGift(db(), {
      candidateId: campaign.id,
      amountCents: 9_000,
      first: 'Gus',
      last: 'Giver',
      email: 'gus@donors.test',
    });
    const fan = await aMember(db());
    const blocked = await aMember(db());
    const gone = await aMember(db());
    for (const who of [fan, blocked, gone]) {
      await db().insertInto('follows').values({ follower_id: who.id, followee_id: campaign.id }).execute();
    }
    const tagId = async (who: { userId: number } | { email: string }) => {
      const row = (await supporterOf(db(), campaign.id, who))!;
      await tagSupporter(db(), campaign.id, campaign.id, row.id, 'Core');
      return row.id;
    };
    await tagId({ email: 'gus@donors.test' });
    for (const who of [fan, blocked, gone]) await tagId({ userId: who.id });
    await db().updateTable('users').set({ blocked_at: new Date() }).where('id', '=', blocked.id).execute();
    await db()
      .updateTable('supporters')
      .set({ disconnected_at: new Date() })
      .where('user_id', '=', gone.id)
      .execute();
    const tag = await db()
      .selectFrom('supporter_tags')
      .select('id')
      .where('owner_id', '=', campaign.id)
      .executeTakeFirstOrThrow();

    const byTag = await previewListEmail(deps(), campaign.id, { tagId: tag.id }, content);
    expect(byTag.audience).toBe('Tagged Core (Casey Candidate)');
    expect(byTag.recipients).toBe(2);

    const listId = await saveList(db(), campaign.id, campaign.id, 'Core people', { tag: String(tag.id) });
    const send = await sendListEmail(deps(), { id: campaign.id, ip: '192.0.2.1' }, { listId }, content);
    const to = await db()
      .selectFrom('mass_email_recipients')
      .select('email')
      .where('send_id', '=', send.id)
      .orderBy('email')
      .execute();
    expect(to.map((r) => r.email)).toEqual([fan.email.toLowerCase(), 'gus@donors.test'].sort());

    // Another campaign cannot name this one's tag or list.
    await expect(previewListEmail(deps(), other.id, { tagId: tag.id }, content)).rejects.toMatchObject({
      fieldErrors: { listId: ['Choose one of your saved lists.'] },
    });
    await expect(previewListEmail(deps(), other.id, { listId }, content)).rejects.toThrow('No such list.');
  });
});
