import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stripeGateway } from './stripe';

/** A local stand-in for Stripe's API: records each request (with its body) and answers as Stripe would. */
let server: Server;
let requests: { method: string; path: string; body: string; idempotencyKey?: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        body,
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      });
      res.setHeader('content-type', 'application/json');
      if (req.url?.startsWith('/v1/invoice_payments')) {
        const empty = req.url.includes('in_unpaid');
        res.end(
          JSON.stringify({
            object: 'list',
            has_more: false,
            url: '/v1/invoice_payments',
            data: empty
              ? []
              : [
                  {
                    id: 'inpay_1',
                    object: 'invoice_payment',
                    payment: { type: 'payment_intent', payment_intent: 'pi_from_invoice' },
                  },
                ],
          }),
        );
        return;
      }
      if (body.includes('pi_refused')) {
        res.statusCode = 400;
        res.end(
          JSON.stringify({
            error: {
              type: 'invalid_request_error',
              code: 'charge_already_refunded',
              message: 'Charge has already been refunded.',
            },
          }),
        );
        return;
      }
      res.end(JSON.stringify({ id: 're_123', object: 'refund', status: 'succeeded' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
}, 10_000);
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  requests = [];
});

function gateway() {
  return stripeGateway({
    secretKey: 'sk_test_local',
    webhookSecret: 'whsec_unused',
    appUrl: 'https://hq.example.org',
    api: { host: '127.0.0.1', port: (server.address() as AddressInfo).port, protocol: 'http' },
  });
}

describe('Stripe refund', () => {
  it('refunds a one-off payment by its PaymentIntent, for the amount, with the idempotency key', async () => {
    await expect(
      gateway().refund({
        providerPaymentId: 'pi_once',
        amountCents: 2500,
        idempotencyKey: 'refund-order-CHQ-1',
      }),
    ).resolves.toEqual({ refundId: 're_123' });
    expect(requests).toHaveLength(1);
    const [refund] = requests;
    expect(refund).toMatchObject({
      method: 'POST',
      path: '/v1/refunds',
      idempotencyKey: 'refund-order-CHQ-1',
    });
    expect(new URLSearchParams(refund!.body).get('payment_intent')).toBe('pi_once');
    expect(new URLSearchParams(refund!.body).get('amount')).toBe('2500');
  });

  it("refunds a subscription's charge through its invoice's paid payment", async () => {
    await gateway().refund({ providerPaymentId: 'in_renewal', amountCents: 1000, idempotencyKey: 'k-in' });
    expect(requests.map((r) => `${r.method} ${r.path.split('?')[0]}`)).toEqual([
      'GET /v1/invoice_payments',
      'POST /v1/refunds',
    ]);
    const query = new URL(requests[0]!.path, 'http://x').searchParams;
    expect(query.get('invoice')).toBe('in_renewal');
    expect(query.get('status')).toBe('paid');
    expect(new URLSearchParams(requests[1]!.body).get('payment_intent')).toBe('pi_from_invoice');
  });

  it('throws what Stripe refuses, and when an invoice has no paid payment', async () => {
    await expect(
      gateway().refund({ providerPaymentId: 'pi_refused', amountCents: 100, idempotencyKey: 'k-refused' }),
    ).rejects.toThrow('Charge has already been refunded.');
    await expect(
      gateway().refund({ providerPaymentId: 'in_unpaid', amountCents: 100, idempotencyKey: 'k-unpaid' }),
    ).rejects.toThrow('no paid payment');
  });
});
