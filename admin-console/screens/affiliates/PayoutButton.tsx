import { Button } from '@mui/material';
import { useCreate, useNotify, useRefresh } from 'react-admin';
import type { AffiliateReportRow } from '../../../api/contract/affiliates';
import { dollars } from '../../../api/contract/money';
import { GuardedButton } from '../../components/GuardedButton';
import { useHasPermission } from '../../layout/RequirePermission';

/**
 * Records that the affiliate's whole balance was paid (SETTLE_PAYOUTS; audited on the server).
 * Without the permission the button stays, disabled, saying why (docs/product/spec.md §6).
 */
export function PayoutButton({ affiliate }: { affiliate: AffiliateReportRow }) {
  const allowed = useHasPermission('SETTLE_PAYOUTS');
  const [create, { isPending }] = useCreate();
  const notify = useNotify();
  const refresh = useRefresh();
  if (affiliate.balanceCents <= 0) return null;
  const label = `Record payout of ${dollars(affiliate.balanceCents)}`;
  if (!allowed) {
    return (
      <GuardedButton permission="SETTLE_PAYOUTS" size="small">
        {label}
      </GuardedButton>
    );
  }
  const settle = () =>
    create(
      'affiliate-payouts',
      { data: { affiliateId: affiliate.id } },
      {
        onSuccess: () => {
          notify(`Payout of ${dollars(affiliate.balanceCents)} to ${affiliate.code} recorded.`, {
            type: 'success',
          });
          refresh();
        },
        onError: (e: unknown) => {
          const body = (e as { body?: { message?: string } }).body;
          notify(body?.message ?? 'The payout could not be recorded.', { type: 'error' });
        },
      },
    );
  return (
    <Button
      size="small"
      variant="outlined"
      onClick={settle}
      disabled={isPending}
      aria-label={`${label} to ${affiliate.code}`}
    >
      {label}
    </Button>
  );
}
