import { describe, expect, it } from 'vitest';
import { readClickToken } from './click-token';
import { FIRST_NAME_FALLBACK, mergeFields, renderMassEmail } from './message';
import { readUnsubscribeToken } from './unsubscribe-token';

const links = { appUrl: 'https://hq.example', appSecret: 'a-test-secret-that-is-long-enough-0123456789' };
const send = {
  id: 9,
  subject: 'Thanks, {{firstName}}',
  body: 'Hi {{ firstName }},\nWe won.',
  from_name: 'Grant for Congress',
  audience_reason: 'you gave to Grant for Congress',
};

describe('a mass email as one recipient gets it', () => {
  it('merges {{firstName}}, with a fallback when there is no name', () => {
    expect(mergeFields('Hi {{firstName}} and {{ firstName }}', 'Ann')).toBe('Hi Ann and Ann');
    expect(mergeFields('Hi {{firstName}}', '  ')).toBe(`Hi ${FIRST_NAME_FALLBACK}`);
    // A name is inserted as text, never read as a replacement pattern.
    expect(mergeFields('Hi {{firstName}}', '$&$1')).toBe('Hi $&$1');
  });

  it('carries the RFC 8058 headers and a footer with the same signed link', async () => {
    const message = await renderMassEmail(send, { email: 'ann@example.test', first_name: 'Ann' }, links);
    expect(message).toMatchObject({
      to: 'ann@example.test',
      subject: 'Thanks, Ann',
      fromName: 'Grant for Congress',
    });
    const header = message.headers?.['List-Unsubscribe'] ?? '';
    expect(message.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = /^<(https:\/\/hq\.example\/unsubscribe\?token=([^>]+))>$/.exec(header);
    expect(url).not.toBeNull();
    expect(message.text).toContain(`Unsubscribe: ${url?.[1]}`);
    expect(message.text).toContain('You receive this email because you gave to Grant for Congress.');
    expect(readUnsubscribeToken(links.appSecret, decodeURIComponent(url?.[2] ?? ''))).toEqual({
      sendId: 9,
      email: 'ann@example.test',
    });
  });

  it("ends its footer with the sender's postal address when one is set, in both parts", async () => {
    const address = 'Grant for Congress, 100 Main St, Columbus, OH 43215';
    const recipient = { email: 'ann@example.test', first_name: 'Ann' };
    const withAddress = await renderMassEmail(send, recipient, { ...links, MAIL_POSTAL_ADDRESS: address });
    expect(withAddress.text.trimEnd().endsWith(address)).toBe(true);
    expect(withAddress.html).toContain(address);
    const without = await renderMassEmail(send, recipient, links);
    expect(without.text).not.toContain('100 Main St');
  });

  it('sends each of its links through the redirect for this recipient, in both parts', async () => {
    const body =
      'Hi {{firstName}}, read https://news.example/a.\n\n[$25, $50](https://hq.example/donate/grant)';
    const targets = [
      'https://news.example/a',
      'https://hq.example/donate/grant?refcode=em-9&amount=25',
      'https://hq.example/donate/grant?refcode=em-9&amount=50',
    ];
    const message = await renderMassEmail(
      { ...send, body, link_targets: targets },
      { id: '41', email: 'ann@example.test', first_name: 'Ann' },
      links,
    );
    const tracked = [
      ...message.text.matchAll(/https:\/\/hq\.example\/email-link\/(\d+\.\d+\.\d+\.[\w-]{43})/g),
    ].map((m) => m[1] ?? '');
    expect(tracked.map((token) => readClickToken(links.appSecret, token))).toEqual(
      targets.map((_, linkIndex) => ({ sendId: 9, recipientId: '41', linkIndex })),
    );
    expect(message.text).toContain('Hi Ann, read https://hq.example/email-link/');
    expect(message.text).not.toContain('news.example');
    expect(message.text).not.toContain('ann@example.test');
    for (const token of tracked) expect(message.html).toContain(token);
  });

  it('keeps links direct in a preview', async () => {
    const message = await renderMassEmail(
      { ...send, body: 'See https://news.example/a', link_targets: ['https://news.example/a'] },
      { email: 'ann@example.test', first_name: 'Ann' },
      links,
      { preview: true },
    );
    expect(message.text).toContain('See https://news.example/a');
  });
});
