import { describe, expect, it } from 'vitest';
import { checkoutPath, isCheckoutId, isTestGatewayPlan, newCheckoutId } from './test-gateway-plans';

const plan = {
  payable: { kind: 'subscription', reference: 'membership-42' },
  amountCents: 1500,
  email: 'member@example.com',
  description: 'Campaign HQ membership',
  successPath: '/membership/thanks',
  cancelPath: '/membership',
  interval: 'month' as const,
};

describe('test gateway checkouts', () => {
  it('name a checkout by an opaque random id: nothing of the plan is in its address', () => {
    const ids = new Set(Array.from({ length: 50 }, newCheckoutId));
    expect(ids.size).toBe(50);
    for (const id of ids) {
      expect(isCheckoutId(id)).toBe(true);
      const path = checkoutPath(id);
      expect(path).toBe(`/pay/payable/${id}`);
      const decoded = Buffer.from(id.slice(5), 'base64url').toString('latin1');
      for (const secret of ['member@example.com', '1500', '15.00', 'membership']) {
        expect(path).not.toContain(secret);
        expect(decoded).not.toContain(secret);
      }
    }
    expect(isCheckoutId('tgco_short')).toBe(false);
    expect(isCheckoutId('../../etc/passwd')).toBe(false);
  });

  it('keep only plans the page can charge: whole cents, local return paths, a known interval', () => {
    expect(isTestGatewayPlan(plan)).toBe(true);
    expect(isTestGatewayPlan({ ...plan, interval: undefined })).toBe(true);
    expect(isTestGatewayPlan({ ...plan, amountCents: 0 })).toBe(false);
    expect(isTestGatewayPlan({ ...plan, amountCents: 10.5 })).toBe(false);
    expect(isTestGatewayPlan({ ...plan, successPath: '//evil.example' })).toBe(false);
    expect(isTestGatewayPlan({ ...plan, cancelPath: 'https://evil.example' })).toBe(false);
    expect(isTestGatewayPlan({ ...plan, interval: 'week' })).toBe(false);
    expect(isTestGatewayPlan({ ...plan, payable: { kind: '', reference: 'x' } })).toBe(false);
    expect(isTestGatewayPlan(null)).toBe(false);
  });
});
