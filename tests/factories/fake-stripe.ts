import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received: method, path (with query) and the form body as pairs. */
export interface StripeRequest {
  method: string;
  path: string;
  body: Record<string, string>;
}

/** How the fake answers: a status and a JSON body, by request. */
export type StripeAnswer = (req: StripeRequest) => { status?: number; body: unknown };

/** A subscription as Stripe answers it: one item of `amountCents` a month, its period ending at `periodEnd`. */
export function stripeSubscription(
  id: string,
  amountCents: number,
  periodEnd: number,
  extra: Record<string, unknown> = {},
) {
  return {
    id,
    object: 'subscription',
    customer: 'cus_donor',
    status: 'active',
    pause_collection: null,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${id}`,
          object: 'subscription_item',
          current_period_end: periodEnd,
          price: {
            id: `price_${amountCents}`,
            object: 'price',
            currency: 'usd',
            unit_amount: amountCents,
            product: 'prod_monthly_gift',
            recurring: { interval: 'month' },
          },
        },
      ],
    },
    ...extra,
  };
}

/** Stripe's error body for a refusal. */
export function stripeError(message: string, code = 'resource_missing') {
  return { status: 400, body: { error: { type: 'invalid_request_error', code, message } } };
}

/**
 * A local stand-in for Stripe's API (no network): records every request and answers with
 * `answer`. The Stripe client reaches it through `api` (the port's option) or STRIPE_API_URL.
 */
export async function fakeStripe(answer: StripeAnswer) {
  const requests: StripeRequest[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const request = {
        method: req.method ?? '',
        path: decodeURIComponent(req.url ?? ''),
        body: Object.fromEntries(new URLSearchParams(raw)),
      };
      requests.push(request);
      const { status = 200, body } = answer(request);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as AddressInfo).port;
  return {
    requests,
    url: `http://127.0.0.1:${port}`,
    api: { host: '127.0.0.1', port, protocol: 'http' as const },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
