import { describe, expect, it } from 'vitest';
import { SIGNATURE_HEADER, signWebhook, testGateway } from './test-gateway';

const SECRET = 'a-test-secret-of-at-least-32-characters!';
const gateway = testGateway(SECRET);
const verify = (body: string, secret = SECRET) =>
  gateway.verifyWebhook(body, new Headers({ [SIGNATURE_HEADER]: signWebhook(secret, body) }));

describe('test gateway webhook verification', () => {
  it('returns a signed payment event', () => {
    const body = JSON.stringify({ id: 'evt_1', type: 'payment.succeeded', orderNumber: 'CHQ-1' });
    expect(verify(body)).toEqual({ id: 'evt_1', type: 'payment.succeeded', orderNumber: 'CHQ-1' });
  });

  it('ignores a signed event of another type, and refuses a wrong signature or a body that is not an event', () => {
    expect(verify(JSON.stringify({ id: 'evt_2', type: 'payment.refunded' }))).toEqual({
      ignored: true,
      id: 'evt_2',
      type: 'payment.refunded',
    });
    const body = JSON.stringify({ id: 'evt_3', type: 'payment.succeeded', orderNumber: 'CHQ-1' });
    expect(verify(body, 'another-secret-of-at-least-32-characters')).toBeNull();
    expect(verify('not json')).toBeNull();
    expect(verify(JSON.stringify({ type: 'payment.succeeded', orderNumber: 'CHQ-1' }))).toBeNull();
    expect(verify(JSON.stringify({ id: 'evt_4', type: 'payment.succeeded' }))).toBeNull();
  });
});
