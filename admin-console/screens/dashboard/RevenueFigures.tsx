import { Box, Typography } from '@mui/material';
import { useGetOne } from 'react-admin';
import type { AffiliateReport } from '../../../api/contract/affiliates';
import { lastDays, rangeId } from '../../../api/contract/day-ranges';
import type { DonationRevenueReport } from '../../../api/contract/donation-reports';
import { dollars } from '../../../api/contract/money';
import type { PartnerRevenueReport } from '../../../api/contract/partner-revenue';
import type { Permission } from '../../../api/contract/permissions';
import type { MerchandiseRevenue } from '../../../api/contract/shop-views';
import type { SubscriptionRevenueReport } from '../../../api/contract/subscription-revenue';
import { Figure } from '../../components/Figure';
import { useHasPermission } from '../../layout/RequirePermission';

/**
 * One revenue figure on the home screen, read from its own screen's report, so it is asked for
 * (and guarded on the server) only when the staff member holds that screen's permission.
 */
function RevenueFigure<R extends { id: string }>(props: {
  permission: Permission;
  resource: string;
  id: string;
  label: string;
  value: (report: R) => string;
  note?: (report: R) => string;
}) {
  const allowed = useHasPermission(props.permission);
  const { data } = useGetOne<R>(props.resource, { id: props.id }, { enabled: allowed });
  if (!allowed) return null;
  return (
    <Figure
      label={props.label}
      value={data ? props.value(data) : '…'}
      note={data && props.note ? props.note(data) : undefined}
    />
  );
}

/** Revenue over the last 30 days (UTC), one figure per revenue screen the viewer may open (docs/decisions/0031-affiliates-and-partner-revenue.md). */
/** "1 conversion", "8 orders": a figure's note says its count in words that agree with it. */
const counted = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export function RevenueFigures() {
  const id = rangeId(lastDays());
  const canSeeAny = [
    useHasPermission('VIEW_CAMPAIGN_DONATIONS'),
    useHasPermission('VIEW_MERCHANDISE_REVENUE'),
    useHasPermission('VIEW_SUBSCRIPTION_REVENUE'),
    useHasPermission('VIEW_PARTNER_REVENUE'),
    useHasPermission('VIEW_AFFILIATES'),
  ].some(Boolean);
  if (!canSeeAny) return null;
  return (
    <Box component="section" aria-labelledby="revenue-heading" sx={{ mt: 3 }}>
      <Typography id="revenue-heading" component="h2" variant="h6" gutterBottom>
        Revenue, last 30 days
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))' }}>
        <RevenueFigure<DonationRevenueReport>
          permission="VIEW_CAMPAIGN_DONATIONS"
          resource="donation-revenue"
          id={id}
          label="Donations (net)"
          value={(r) => dollars(r.totals.netCents)}
          note={(r) => counted(r.totals.gifts, 'gift', 'gifts')}
        />
        <RevenueFigure<MerchandiseRevenue>
          permission="VIEW_MERCHANDISE_REVENUE"
          resource="merchandise-revenue"
          id="summary"
          label="Merchandise"
          value={(r) => dollars(r.last30Days.grossCents)}
          note={(r) => counted(r.last30Days.orders, 'order', 'orders')}
        />
        <RevenueFigure<SubscriptionRevenueReport>
          permission="VIEW_SUBSCRIPTION_REVENUE"
          resource="subscription-revenue"
          id="last-12-months"
          label="Subscriptions (MRR)"
          value={(r) => dollars(r.mrrCents)}
          note={(r) => `${r.active} active`}
        />
        <RevenueFigure<PartnerRevenueReport>
          permission="VIEW_PARTNER_REVENUE"
          resource="partner-revenue"
          id={id}
          label="Partner revenue"
          value={(r) => dollars(r.totals.commissionCents)}
          note={(r) => `on ${dollars(r.totals.salesCents)} vendor sales`}
        />
        <RevenueFigure<AffiliateReport>
          permission="VIEW_AFFILIATES"
          resource="affiliate-report"
          id={id}
          label="Affiliate commission"
          value={(r) => dollars(r.totals.earnedCents)}
          note={(r) => counted(r.totals.conversions, 'conversion', 'conversions')}
        />
      </Box>
    </Box>
  );
}
