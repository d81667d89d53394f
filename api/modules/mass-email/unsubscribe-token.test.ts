import { describe, expect, it } from 'vitest';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe-token';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';

describe('unsubscribe tokens (docs/decisions/0022-mass-email.md)', () => {
  it('name the send and the address they were made for', () => {
    const token = unsubscribeToken(SECRET, 42, 'ann@example.test');
    expect(token).toMatch(/^42\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(readUnsubscribeToken(SECRET, token)).toEqual({ sendId: 42, email: 'ann@example.test' });
  });

  it('refuse another secret, another address, another send and anything else', () => {
    const token = unsubscribeToken(SECRET, 42, 'ann@example.test');
    const [, , signature] = token.split('.');
    const otherAddress = `42.${Buffer.from('bob@example.test').toString('base64url')}.${signature}`;
    const otherSend = token.replace(/^42\./, '43.');
    for (const bad of [
      unsubscribeToken(`${SECRET}x`, 42, 'ann@example.test'),
      otherAddress,
      otherSend,
      `${token}x`,
      'preview',
      '',
      'x'.repeat(5000),
    ]) {
      expect(readUnsubscribeToken(SECRET, bad), bad.slice(0, 40)).toBeNull();
    }
  });
});
