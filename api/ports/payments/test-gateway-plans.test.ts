import { describe, expect, it } from 'vitest';
import { PLAN_PATH, planUrl, readPlan } from './test-gateway-plans';

const SECRET = 'a-test-secret-of-at-least-32-characters!';
const charge = {
  payable: { kind: 'subscription', reference: 'membership-42' },
  amountCents: 1500,
  email: 'member@example.com',
  description: 'Campaign HQ membership',
  successPath: '/membership/thanks',
  cancelPath: '/membership',
  interval: 'month' as const,
};

function parts(url: string) {
  const parsed = new URL(url, 'http://x');
  return [parsed.searchParams.get('plan') ?? undefined, parsed.searchParams.get('sig') ?? undefined] as const;
}

describe('test gateway plans', () => {
  it('reads back what it signed, for an hour', () => {
    const now = Date.UTC(2026, 10, 23);
    const url = planUrl(SECRET, charge, now);
    expect(url.startsWith(`${PLAN_PATH}?`)).toBe(true);
    expect(readPlan(SECRET, ...parts(url), now + 59 * 60_000)).toMatchObject(charge);
    expect(readPlan(SECRET, ...parts(url), now + 61 * 60_000)).toBeNull();
  });

  it('refuses another secret, a changed amount and a way off the site', () => {
    const [plan, sig] = parts(planUrl(SECRET, charge));
    expect(readPlan('another-secret-of-at-least-32-characters', plan, sig)).toBeNull();
    const cheaper = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(plan!, 'base64url').toString()), amountCents: 1 }),
    ).toString('base64url');
    expect(readPlan(SECRET, cheaper, sig)).toBeNull();
    const away = parts(planUrl(SECRET, { ...charge, successPath: '//evil.example' }));
    expect(readPlan(SECRET, ...away)).toBeNull();
    expect(readPlan(SECRET, undefined, undefined)).toBeNull();
  });
});
