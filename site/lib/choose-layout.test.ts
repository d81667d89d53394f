import { describe, expect, it } from 'vitest';
import { chooseLayout } from './choose-layout';

const visitor = (path: string) => chooseLayout(path, false);

describe('chooseLayout', () => {
  it.each([
    ['/', 'home'],
    ['/about', 'home'],
    ['/search', 'home'],
    ['/merchandise', 'home'],
    ['/merchandise/products', 'home'],
    ['/merchandise/style-gallery', 'home'],
    ['/membership', 'home'],
    ['/faq', 'home'],
    ['/social-media', 'home'],
    ['/order-status', 'home'],
    ['/setup', 'bare'],
    ['/signup', 'bare'],
    ['/auth/signin', 'bare'],
    ['/api/auth/signin', 'bare'],
    ['/auth/reset-password', 'bare'],
    ['/auth/verify-email', 'bare'],
    ['/ordersuccess', 'bare'],
    ['/orderfailed', 'bare'],
    ['/serviceordersuccess', 'bare'],
    ['/404', 'bare'],
    ['/blocked', 'bare'],
    ['/blocked/ip', 'bare'],
    ['/donate', 'bare'],
    ['/donate/jane-doe', 'bare'],
    ['/social-media/create-post', 'bare'],
    ['/unsubscribe', 'bare'],
    ['/pay/payable/tgco_x', 'bare'],
    ['/pay/CHQ-1234', 'bare'],
    ['/admin', 'admin'],
    ['/admin/coupons', 'admin'],
    ['/cart', 'standard'],
    ['/jobs', 'standard'],
    ['/messaging', 'standard'],
    ['/settings', 'standard'],
    ['/profile/admin-smith/5', 'standard'],
    ['/liberty-print-shop', 'standard'],
    ['/403', 'standard'],
  ])('%s gets the %s layout', (path, layout) => {
    expect(visitor(path).layout).toBe(layout);
  });

  it('gives the contrast page no chrome for visitors and the standard layout when signed in', () => {
    expect(chooseLayout('/versus/contrast-page', false).layout).toBe('bare');
    expect(chooseLayout('/versus/contrast-page', true).layout).toBe('standard');
  });

  it('uses the merchandise footer only on the shop and cart', () => {
    expect(visitor('/merchandise').footer).toBe('merchandise');
    expect(visitor('/merchandise/products').footer).toBe('merchandise');
    expect(visitor('/cart').footer).toBe('merchandise');
    expect(visitor('/about').footer).toBe('default');
    expect(visitor('/merchandiser').footer).toBe('default');
  });

  it('darkens the logo on the shop (but not best sellers) and three policy pages', () => {
    expect(visitor('/merchandise').logo).toBe('dark');
    expect(visitor('/merchandise/style-gallery').logo).toBe('dark');
    expect(visitor('/merchandise/products').logo).toBe('light');
    expect(visitor('/privacy-policy').logo).toBe('dark');
    expect(visitor('/terms-of-service').logo).toBe('dark');
    expect(visitor('/social-media').logo).toBe('dark');
    expect(visitor('/about').logo).toBe('light');
    expect(visitor('/').logo).toBe('light');
  });

  it('ignores query strings and trailing slashes', () => {
    expect(visitor('/about/?x=1').layout).toBe('home');
    expect(visitor('/admin/').layout).toBe('admin');
  });
});
