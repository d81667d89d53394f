import type { Hono } from 'hono';
import { listConversations, messagingMember } from '../../api/modules/messaging/service';
import type { AppEnv } from '../../api/platform/env';
import { PageHero } from '../components/PageHero';
import { renderPage } from '../render/render-page';
import { requireSignedIn } from '../server/guard-page';
import { Island } from '../server/Island';

/** /messaging and /notifications: members only; visitors go to sign in (SessionRequired). */
export function registerMessagingRoutes(app: Hono<AppEnv>) {
  app.get('/messaging', async (c) => {
    const refused = requireSignedIn(c);
    if (refused) return refused;
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
  });

  app.get('/notifications', async (c) => {
    const refused = requireSignedIn(c);
    if (refused) return refused;
    const user = c.get('user')!;
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
            <Island name="NotificationsPage" props={{ userId: user.id, realtime: c.get('realtime').kind }} />
          </div>
        </>
      ),
    });
  });
}
