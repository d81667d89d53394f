import { listConversations, messagingMember } from '../../../api/modules/messaging/service';
import { PageHero } from '../../components/PageHero';
import { renderPage } from '../../render/render-page';
import { Island } from '../../server/Island';
import type { PageContext } from '../../server/page';

/** The member's conversations; ?to= opens (or starts) the one with that member. */
export async function showMessaging(c: PageContext) {
  const user = c.get('user')!;
  const db = c.get('db');
  const to = Number(c.req.query('to'));
  const target = Number.isInteger(to) && to > 0 && to !== user.id ? await messagingMember(db, to) : null;
  const conversations = (await listConversations(db, user.id)).map((conversation) => ({
    ...conversation,
    lastMessageAt: conversation.lastMessageAt.toISOString(),
  }));
  return renderPage(c, {
    meta: { title: 'Messaging', description: 'Private conversations with other members.', noindex: true },
    body: (
      <>
        <PageHero title="Messaging" lead="Private conversations with other members." />
        <div className="page-body messaging-page">
          <Island
            name="Messenger"
            props={{
              userId: user.id,
              realtime: c.get('realtime').kind,
              conversations,
              open: target?.id ?? null,
            }}
          />
        </div>
      </>
    ),
  });
}

/** Everything that happened on the member's account, live: the island loads the list in the browser. */
export async function showNotifications(c: PageContext) {
  const props = { userId: c.get('user')!.id, realtime: c.get('realtime').kind };
  return renderPage(c, {
    meta: {
      title: 'Notifications',
      description: 'Everything that happened on your account.',
      noindex: true,
    },
    body: (
      <>
        <PageHero title="Notifications" lead="Everything that happened on your account." />
        <div className="page-body notifications-page">
          <Island name="NotificationsPage" props={props} />
        </div>
      </>
    ),
  });
}
