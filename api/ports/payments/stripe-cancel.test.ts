import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeGateway } from './stripe';

/** A local stand-in for Stripe's API: records each request and answers as Stripe would. */
let server: Server;
const requests: { method: string; path: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', path: req.url ?? '' });
    req.resume();
    req.on('end', () => {
      const gone = req.url?.includes('sub_gone');
      res.writeHead(gone ? 404 : 200, { 'content-type': 'application/json', 'request-id': 'req_test' });
      res.end(
        JSON.stringify(
          gone
            ? {
                error: {
                  type: 'invalid_request_error',
                  code: 'resource_missing',
                  message: 'No such subscription',
                },
              }
            : { id: 'sub_live', object: 'subscription', status: 'canceled' },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
}, 10_000);
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function gateway() {
  return stripeGateway({
    secretKey: 'sk_test_local',
    webhookSecret: 'whsec_unused',
    appUrl: 'https://hq.example.org',
    api: { host: '127.0.0.1', port: (server.address() as AddressInfo).port, protocol: 'http' },
  });
}

describe('Stripe cancelRecurring', () => {
  it('cancels the subscription (DELETE /v1/subscriptions/{id})', async () => {
    await gateway().cancelRecurring('sub_live');
    expect(requests.at(-1)).toEqual({ method: 'DELETE', path: '/v1/subscriptions/sub_live' });
  });

  it('treats a subscription Stripe no longer has as cancelled', async () => {
    await expect(gateway().cancelRecurring('sub_gone')).resolves.toBeUndefined();
  });
});
