import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { PaymentEvent, PaymentsPort } from './port';

export const SIGNATURE_HEADER = 'x-campaignhq-signature';
const TOLERANCE_SECONDS = 300;

export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
} as const;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, like the real providers' schemes. */
export function signWebhook(secret: string, body: string, at = Math.floor(Date.now() / 1000)): string {
  const mac = createHmac('sha256', secret).update(`${at}.${body}`).digest('hex');
  return `t=${at},v1=${mac}`;
}

export function verifySignature(
  secret: string,
  body: string,
  header: string | null,
  now = Date.now(),
): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const at = Number(parts.t);
  if (!Number.isFinite(at) || Math.abs(now / 1000 - at) > TOLERANCE_SECONDS || !parts.v1) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${at}.${body}`).digest('hex'));
  const given = Buffer.from(parts.v1);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** What the hosted test page decides for a card number (spaces ignored). */
export function chargeTestCard(cardNumber: string): { ok: true } | { ok: false; reason: string } {
  const digits = cardNumber.replace(/\s+/g, '');
  if (digits === TEST_CARDS.succeeds) return { ok: true };
  if (digits === TEST_CARDS.declined) return { ok: false, reason: 'Your card was declined.' };
  return { ok: false, reason: 'This test gateway only accepts the documented test cards.' };
}

export function testPaymentEvent(
  orderNumber: string,
  outcome: ReturnType<typeof chargeTestCard>,
): PaymentEvent {
  return outcome.ok
    ? { id: `evt_${randomUUID()}`, type: 'payment.succeeded', orderNumber }
    : { id: `evt_${randomUUID()}`, type: 'payment.failed', orderNumber, reason: outcome.reason };
}

/** The default: our own hosted page at /pay/{order}, reporting through the signed webhook. */
export function testGateway(secret: string): PaymentsPort {
  return {
    provider: 'test',
    async startPayment({ orderNumber, token }) {
      return { url: `/pay/${encodeURIComponent(orderNumber)}?token=${encodeURIComponent(token)}` };
    },
    verifyWebhook(rawBody, headers) {
      if (!verifySignature(secret, rawBody, headers.get(SIGNATURE_HEADER))) return null;
      try {
        const event = JSON.parse(rawBody) as PaymentEvent;
        if (typeof event.id !== 'string') return null;
        if (event.type !== 'payment.succeeded' && event.type !== 'payment.failed') {
          return { ignored: true, id: event.id, type: String(event.type) };
        }
        if (typeof event.orderNumber !== 'string') return null;
        return event;
      } catch {
        return null;
      }
    },
  };
}
