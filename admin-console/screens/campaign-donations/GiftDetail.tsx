import { Alert, Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { Link, useCreate, useGetOne, useNotify, useRefresh } from 'react-admin';
import { useParams } from 'react-router-dom';
import {
  DONATION_STATUS_LABELS,
  type DonationStatusName,
  REFUND_REASON_MAX,
} from '../../../api/contract/donation-reports';
import { dollars } from '../../../api/contract/money';
import {
  type ProviderRefundView,
  providerRefundText,
  type UnkeptChargeRefundView,
  unkeptChargeText,
} from '../../../api/contract/provider-refunds';
import { GuardedButton } from '../../components/GuardedButton';
import { ScreenTitle } from '../../components/ScreenTitle';
import { Loading } from '../../layout/Loading';
import { useHasPermission } from '../../layout/RequirePermission';

interface Gift {
  id: number | string;
  reference: string;
  candidate_name: string;
  campaign_name: string | null;
  donor_name: string;
  email: string;
  amount_cents: number;
  election: string;
  status: DonationStatusName;
  recurring: boolean;
  employer: string | null;
  occupation: string | null;
  city: string;
  state: string;
  created_at: string;
  paid_at: string | null;
  refunded_at: string | null;
  refund_reason: string | null;
  provider_refund: ProviderRefundView | null;
  charges_given_back: UnkeptChargeRefundView[];
  /** The payer disputed this charge at the provider (docs/decisions/0094). */
  disputed?: boolean;
}

const at = (value: string | null) => (value ? new Date(value).toLocaleString('en-US') : '—');

/** Refunds a paid gift with a reason (REFUND_DONATIONS); the donor is emailed, the refund audited. */
function RefundForm({ gift }: { gift: Gift }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [create, { isPending }] = useCreate();
  const notify = useNotify();
  const refresh = useRefresh();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (reason.trim().length < 3) {
      setError('Give the reason for the refund.');
      return;
    }
    setError(null);
    create(
      'donation-refunds',
      { data: { donationId: Number(gift.id), reason } },
      {
        onSuccess: () => {
          notify(`Gift ${gift.reference} is refunded. The donor has been emailed.`, { type: 'success' });
          refresh();
        },
        onError: (e: unknown) => {
          const body = (e as { body?: { errors?: Record<string, string>; message?: string } }).body;
          setError(body?.errors?.reason ?? body?.message ?? 'The gift could not be refunded.');
        },
      },
    );
  }
  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label="Refund"
      sx={{ display: 'grid', gap: 2, maxWidth: 480 }}
    >
      <Typography variant="body2">
        This records the refund, gives the donor's limit back, emails them and sends the money back through
        the payment provider.
      </Typography>
      <TextField
        label="Reason for the refund"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        required
        multiline
        minRows={2}
        inputProps={{ maxLength: REFUND_REASON_MAX }}
        error={error !== null}
      />
      {error && <Alert severity="error">{error}</Alert>}
      <Box>
        <Button type="submit" variant="contained" color="error" disabled={isPending}>
          Refund {dollars(gift.amount_cents)}
        </Button>
      </Box>
    </Box>
  );
}

/** One gift: donor, amounts, dates and the refund of a paid gift (REFUND_DONATIONS holders; others see why not). */
export default function GiftDetail() {
  const { id } = useParams();
  const canRefund = useHasPermission('REFUND_DONATIONS');
  const { data: gift, isPending, error } = useGetOne<Gift>('donations', { id: id ?? '' });
  if (error) return <Typography role="alert">This gift could not be loaded.</Typography>;
  if (isPending || !gift) return <Loading />;
  const status = DONATION_STATUS_LABELS[gift.status] ?? gift.status;
  const rows: [string, string][] = [
    ['Candidate', gift.candidate_name],
    ['Campaign', gift.campaign_name ?? '—'],
    ['Donor', `${gift.donor_name} <${gift.email}>`],
    ['From', `${gift.city}, ${gift.state}`],
    ['Employer', gift.employer ?? '—'],
    ['Occupation', gift.occupation ?? '—'],
    ['Amount', `${dollars(gift.amount_cents)}${gift.recurring ? ' (monthly gift)' : ''}`],
    ['Election', gift.election],
    ['Status', status],
    ['Given', at(gift.created_at)],
    ['Paid', at(gift.paid_at)],
    ['Refunded', at(gift.refunded_at)],
    ['Refund reason', gift.refund_reason ?? '—'],
    ...(gift.disputed
      ? [['Dispute', 'The payer disputed this charge with their bank'] as [string, string]]
      : []),
    ...(gift.status === 'refunded'
      ? [['Money back', providerRefundText(gift.provider_refund)] as [string, string]]
      : []),
    ...(gift.charges_given_back ?? []).map(
      (refund, i) =>
        [`Charge given back ${i + 1}`, unkeptChargeText(refund, dollars(refund.amount_cents))] as [
          string,
          string,
        ],
    ),
  ];
  return (
    <Box sx={{ pb: 4, maxWidth: 960 }}>
      <ScreenTitle title={`Gift ${gift.reference}`} intro={`${status} · ${dollars(gift.amount_cents)}`} />
      <Link to="/campaign-donations">Back to all gifts</Link>
      <Card variant="outlined" component="section" aria-labelledby="gift-heading" sx={{ mt: 2 }}>
        <CardContent>
          <Typography id="gift-heading" component="h2" variant="h6">
            Details
          </Typography>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1, m: 0 }}>
            {rows.map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" color="text.secondary">
                  {label}
                </Typography>
                <Typography component="dd" sx={{ m: 0 }}>
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
        </CardContent>
      </Card>
      {gift.status === 'paid' && (
        <Card variant="outlined" component="section" aria-labelledby="refund-heading" sx={{ mt: 2 }}>
          <CardContent>
            <Typography id="refund-heading" component="h2" variant="h6" gutterBottom>
              Refund
            </Typography>
            {canRefund ? (
              <RefundForm gift={gift} />
            ) : (
              // docs/product/spec.md §6: without the permission the button stays, disabled, saying why.
              <GuardedButton permission="REFUND_DONATIONS" variant="contained" color="error">
                Refund {dollars(gift.amount_cents)}
              </GuardedButton>
            )}
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
