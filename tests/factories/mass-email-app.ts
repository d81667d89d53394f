import { afterAll, beforeAll } from 'vitest';
import { seedDatabase } from '../../api/seed/seed';
import { STAFF_EMAIL, signedIn, userId } from './staff';
import { createTestApp, type TestApp, type TestBrowser } from './test-app';

/**
 * The seeded app the mass-email tests share, with MARKETING (may email donors) and SUPPORT (may
 * not) signed in. Live bindings: set once `setUpMassEmailApp()`'s beforeAll has run.
 */
export let t: TestApp;
export let marketing: TestBrowser;
export let support: TestBrowser;
export let marketingId: number;

export function setUpMassEmailApp() {
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
    await seedDatabase(t.db, { members: 0 });
    marketing = await signedIn(t, STAFF_EMAIL.MARKETING);
    support = await signedIn(t, STAFF_EMAIL.SUPPORT);
    marketingId = await userId(t, STAFF_EMAIL.MARKETING);
  });
  afterAll(() => t.close());
}

/** Where the signed links in a test send point, and with which secret. */
export const links = () => ({ appUrl: t.config.appUrl, appSecret: t.config.appSecret });
export const content = {
  subject: 'Thank you, {{firstName}}',
  body: 'Hi {{firstName}},\n\nWe won the primary!',
  fromName: 'Grant for Congress',
};
