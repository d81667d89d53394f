import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNREADABLE_FORM_MESSAGE } from '../../../api/middleware/form-input-guard';
import { demoAccounts } from '../../factories/accounts';
import { signedIn } from '../../factories/staff';
import { createTestApp, type TestApp, type TestBrowser } from '../../factories/test-app';

/**
 * Issue 41, item 6, by example (fuzz-forms.test.ts searches every form route): a multipart body
 * that does not parse is a 400 that says so, on the routes that take uploads, where it was a 500
 * ("Failed to parse body as FormData"). A readable one still reaches the route.
 */
let t: TestApp;
let member: TestBrowser;

beforeAll(async () => {
  t = await createTestApp();
  await demoAccounts(t.db, 'member');
  member = await signedIn(t, 'member@demo.campaignhq.test');
});
afterAll(() => t?.close());

const BOUNDARY = 'b0undary';
const postBody = (text: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="body"\r\n\r\n${text}\r\n--${BOUNDARY}--\r\n`;

function send(path: string, contentType: string, body: string, accept = 'text/html') {
  return member.request(path, { method: 'POST', headers: { 'content-type': contentType, accept }, body });
}

describe('multipart form bodies', () => {
  it('answers a body without its boundary, or cut short, with a 400 page that says the form was unreadable', async () => {
    for (const [type, body] of [
      ['multipart/form-data', postBody('Hello')],
      [`multipart/form-data; boundary=${BOUNDARY}`, postBody('Hello').slice(0, 30)],
      ['multipart/form-data; boundary=other', postBody('Hello')],
    ] as const) {
      const res = await send('/social-media/create-post', type, body);
      expect(res.status, type).toBe(400);
      expect(await res.text()).toContain('The form could not be read');
    }
  });

  it('answers the profile picture script in JSON with the message it shows', async () => {
    const res = await send('/myprofile/image', 'multipart/form-data', postBody('x'), 'application/json');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: UNREADABLE_FORM_MESSAGE });
  });

  it('refuses NUL in a multipart text field as it does in an urlencoded one, and publishes a readable post', async () => {
    const type = `multipart/form-data; boundary=${BOUNDARY}`;
    expect((await send('/social-media/create-post', type, postBody('a\u0000b'))).status).toBe(400);
    const ok = await send('/social-media/create-post', type, postBody('Canvassing on Saturday.'));
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toMatch(/^\/social-media\/posts\/\d+\?notice=posted$/);
  });
});
