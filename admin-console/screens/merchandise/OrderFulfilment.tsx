import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import { Link, useGetOne, useNotify, useUpdate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { dollars } from '../../../api/contract/money';
import {
  ORDER_STATUS_LABELS,
  type OrderStatus,
  STAFF_TRANSITIONS,
} from '../../../api/contract/order-statuses';
import {
  type ProviderRefundView,
  providerRefundText,
  type UnkeptChargeRefundView,
  unkeptChargeText,
} from '../../../api/contract/provider-refunds';
import { ScreenTitle } from '../../components/ScreenTitle';
import { Loading } from '../../layout/Loading';

interface OrderDetail {
  id: number;
  number: string;
  email: string;
  status: OrderStatus;
  status_reason: string | null;
  subtotal_cents: number;
  discount_cents: number;
  shipping_cents: number;
  total_cents: number;
  shipping_option: string;
  address: { name: string; line1: string; line2?: string; city: string; state: string; zip: string };
  items: {
    id: number;
    title: string;
    size: string;
    color: string;
    quantity: number;
    line_total_cents: number;
  }[];
  timeline: { id: number; status: OrderStatus; note: string | null; created_at: string }[];
  provider_refund: ProviderRefundView | null;
  charges_given_back: UnkeptChargeRefundView[];
}

const label = (s: OrderStatus) => ORDER_STATUS_LABELS[s] ?? s;

/** Moves the order to one of the statuses the server allows from here; the buyer is told. */
function FulfilmentForm({ order }: { order: OrderDetail }) {
  const next = STAFF_TRANSITIONS[order.status] ?? [];
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();

  if (next.length === 0) {
    return <Typography>A {label(order.status)} order has no further steps for staff.</Typography>;
  }
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!status) {
      setError('Choose a status.');
      return;
    }
    setError(null);
    update(
      'orders',
      { id: order.id, data: { status, note }, previousData: order },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(`Order ${order.number} is now ${label(status)}.`, { type: 'success' });
          setStatus('');
          setNote('');
        },
        onError: (e: unknown) => {
          const body = (e as { body?: { errors?: Record<string, string>; message?: string } }).body;
          setError(body?.errors?.status ?? body?.message ?? 'The order could not be updated.');
        },
      },
    );
  }
  return (
    <Box
      component="form"
      onSubmit={onSubmit}
      aria-label="Fulfilment"
      sx={{ display: 'grid', gap: 2, maxWidth: 480 }}
    >
      <FormControl>
        <InputLabel id="next-status-label">Move to</InputLabel>
        <Select
          labelId="next-status-label"
          label="Move to"
          value={status}
          onChange={(e) => setStatus(e.target.value as OrderStatus)}
        >
          {next.map((s) => (
            <MenuItem key={s} value={s}>
              {label(s)}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <TextField
        label="Note for the buyer (tracking number, refund details)"
        value={note}
        onChange={(e) => setNote(e.target.value)}
        multiline
        minRows={2}
        inputProps={{ maxLength: 500 }}
      />
      {error && <Alert severity="error">{error}</Alert>}
      <Box>
        <Button type="submit" variant="contained" disabled={isPending}>
          Update order
        </Button>
      </Box>
    </Box>
  );
}

/** One order: items, address, timeline and the fulfilment action. */
export default function OrderFulfilment() {
  const { id } = useParams();
  const { data: order, isPending, error } = useGetOne<OrderDetail>('orders', { id: Number(id) });
  if (error) return <Typography role="alert">This order could not be loaded.</Typography>;
  // react-admin shows the list's row as a placeholder first; it has no items, address or timeline.
  if (isPending || !order?.items) return <Loading />;
  const a = order.address;
  return (
    <Box sx={{ pb: 4, maxWidth: 960 }}>
      <ScreenTitle title={`Order ${order.number}`} intro={`${label(order.status)} · ${order.email}`} />
      <Link to="/revenues/merchandise">Back to all orders</Link>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))', mt: 2 }}
      >
        <Card variant="outlined" component="section" aria-labelledby="items-heading">
          <CardContent>
            <Typography id="items-heading" component="h2" variant="h6">
              Items
            </Typography>
            <Box component="ul" sx={{ pl: 2 }}>
              {order.items.map((i) => (
                <li key={i.id}>
                  {i.quantity} × {i.title} ({i.size}, {i.color}) — {dollars(i.line_total_cents)}
                </li>
              ))}
            </Box>
            <Typography variant="body2">
              Subtotal {dollars(order.subtotal_cents)} · Discount {dollars(order.discount_cents)} · Shipping{' '}
              {dollars(order.shipping_cents)} ({order.shipping_option})
            </Typography>
            <Typography fontWeight={600}>Total {dollars(order.total_cents)}</Typography>
          </CardContent>
        </Card>
        <Card variant="outlined" component="section" aria-labelledby="ship-heading">
          <CardContent>
            <Typography id="ship-heading" component="h2" variant="h6">
              Ship to
            </Typography>
            <Box component="address" sx={{ fontStyle: 'normal' }}>
              {a.name}
              <br />
              {a.line1}
              {a.line2 ? (
                <>
                  <br />
                  {a.line2}
                </>
              ) : null}
              <br />
              {a.city}, {a.state} {a.zip}
            </Box>
          </CardContent>
        </Card>
      </Box>
      <Card variant="outlined" component="section" aria-labelledby="timeline-heading" sx={{ mt: 2 }}>
        <CardContent>
          <Typography id="timeline-heading" component="h2" variant="h6">
            Timeline
          </Typography>
          <Box component="ol" sx={{ pl: 2 }}>
            {order.timeline.map((e) => (
              <li key={e.id}>
                <strong>{label(e.status)}</strong> — {new Date(e.created_at).toLocaleString('en-US')}
                {e.note ? ` — ${e.note}` : ''}
              </li>
            ))}
          </Box>
          {order.status === 'refunded' && (
            <Typography>
              <strong>Money back:</strong> {providerRefundText(order.provider_refund)}
            </Typography>
          )}
          {(order.charges_given_back ?? []).map((refund, i) => (
            <Typography key={refund.created_at}>
              <strong>Charge given back {i + 1}:</strong>{' '}
              {unkeptChargeText(refund, dollars(refund.amount_cents))}
            </Typography>
          ))}
        </CardContent>
      </Card>
      <Card variant="outlined" component="section" aria-labelledby="fulfil-heading" sx={{ mt: 2 }}>
        <CardContent>
          <Typography id="fulfil-heading" component="h2" variant="h6" gutterBottom>
            Fulfil
          </Typography>
          <FulfilmentForm order={order} />
        </CardContent>
      </Card>
    </Box>
  );
}
