import { describe, expect, it } from 'vitest';
import { screenPageAt } from './preload-screen';
import campaignDonations from './screens/campaign-donations';
import coupons from './screens/coupons';
import dashboard from './screens/dashboard';
import { employeeList } from './screens/employees';
import merchandise from './screens/merchandise';

const [merchandiseList, merchandiseOrder] = merchandise;
const [donationList, giftDetail] = campaignDonations;

describe('screenPageAt: the page whose chunk main.tsx loads while the console boots', () => {
  it('finds the home screen, a route, and a route with a parameter', () => {
    expect(screenPageAt('/admin')).toBe(dashboard.list);
    expect(screenPageAt('/admin/')).toBe(dashboard.list);
    expect(screenPageAt('/admin/campaign-donations')).toBe(donationList!.list);
    expect(screenPageAt('/admin/campaign-donations/42')).toBe(giftDetail!.list);
    expect(screenPageAt('/admin/revenues/merchandise')).toBe(merchandiseList!.list);
    expect(screenPageAt('/admin/revenues/merchandise/7')).toBe(merchandiseOrder!.list);
  });

  it("finds a resource's list, its create page and its edit page", () => {
    expect(screenPageAt('/admin/coupons')).toBe(coupons.list);
    expect(screenPageAt('/admin/coupons/create')).toBe(coupons.create);
    expect(screenPageAt('/admin/employees/3')).toBe(employeeList.edit);
  });

  it('finds nothing for a path no screen opens', () => {
    expect(screenPageAt('/admin/no-such-screen')).toBeNull();
    expect(screenPageAt('/settings')).toBeNull();
  });
});
