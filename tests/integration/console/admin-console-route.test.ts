import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONSOLE_SCREEN_ENTRIES,
  screenForPath,
  visibleSections,
} from '../../../api/contract/console-screens';
import { permissionsFor } from '../../../api/contract/permissions';
import { demoAccounts } from '../../factories/accounts';
import { STAFF_EMAIL, signedIn } from '../../factories/staff';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

/** /admin and every screen path under it: who gets the console, and what the page may run. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await demoAccounts(t.db, 'member', 'support', 'admin');
});
afterAll(() => t.close());

describe('the console route', () => {
  it('sends visitors to sign in, coming back to the same path', async () => {
    const res = await new TestBrowser(t).request('/admin/coupons?page=2');
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!, 'http://x');
    expect(location.pathname).toBe('/api/auth/signin');
    expect(location.searchParams.get('callbackUrl')).toBe('/admin/coupons?page=2');
    expect(location.searchParams.get('error')).toBe('SessionRequired');
  });

  it('sends members without a staff role to /403', async () => {
    const member = await signedIn(t, 'member@demo.campaignhq.test');
    const res = await member.request('/admin');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/403');
  });

  it('answers every sidebar path, and deeper ones, with the console page for any staff role', async () => {
    const support = await signedIn(t, STAFF_EMAIL.SUPPORT);
    for (const path of [
      ...CONSOLE_SCREEN_ENTRIES.map((s) => s.path),
      '/admin/coupons/12',
      '/admin/employees/3/show',
    ]) {
      const res = await support.request(path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html, path).toContain('<div id="root"');
      expect(html, path).toContain('Loading...');
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
    }
    expect((await support.request('/admin/no-such-screen')).status).toBe(404);
  });

  it('runs no inline script: the CSP allows our own scripts only', async () => {
    const admin = await signedIn(t, STAFF_EMAIL.SUPER_ADMIN);
    const res = await admin.request('/admin/security');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/src="\//);
      expect(body?.trim()).toBe('');
    }
  });

  it('answers a missing console asset with 404, not with the page', async () => {
    const admin = await signedIn(t, STAFF_EMAIL.SUPER_ADMIN);
    const res = await admin.request('/admin/assets/missing-chunk.js');
    expect(res.status).toBe(404);
  });
});

describe('the shared screen list', () => {
  it('maps deep paths to their screen and keeps Home to /admin itself', () => {
    expect(screenForPath('/admin')?.label).toBe('Home');
    expect(screenForPath('/admin/')?.label).toBe('Home');
    expect(screenForPath('/admin/employees/12')?.label).toBe('Employees');
    expect(screenForPath('/admin/revenues/partners')?.permission).toBe('VIEW_PARTNER_REVENUE');
    expect(screenForPath('/admin/nothing')).toBeUndefined();
  });

  it('gives SUPPORT, FINANCE and SUPER_ADMIN the sidebars of the matrix', () => {
    const labels = (role: 'SUPPORT' | 'FINANCE' | 'SUPER_ADMIN') =>
      visibleSections(permissionsFor(role)).flatMap((s) => s.items.map((i) => i.label));
    expect(labels('SUPPORT')).toEqual([
      'Home',
      'Users Location',
      'All Users',
      'Free Users',
      'Paid Users',
      'Organizations',
      'Red Flags',
    ]);
    expect(labels('FINANCE')).toEqual([
      'Home',
      'Paid Users',
      'Campaign Donations',
      'Donations',
      'Merchandise',
      'Subscriptions',
      'Partners',
      'Affiliates',
      'Coupons',
    ]);
    expect(labels('SUPER_ADMIN')).toHaveLength(CONSOLE_SCREEN_ENTRIES.length);
    expect(CONSOLE_SCREEN_ENTRIES).toHaveLength(22);
  });
});
