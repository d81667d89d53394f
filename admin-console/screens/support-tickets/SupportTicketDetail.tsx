import {
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import { Link, useCreate, useGetOne, useNotify, useRefresh, useUpdate } from 'react-admin';
import { useParams } from 'react-router-dom';
import {
  SUPPORT_MESSAGE_MAX,
  SUPPORT_STATUS_LABELS,
  type SupportTicketStatus,
  supportTopicLabel,
} from '../../../api/contract/support-tickets';
import { ScreenTitle } from '../../components/ScreenTitle';
import { Loading } from '../../layout/Loading';
import { STATUS_CHOICES } from './choices';
import { TicketThread } from './TicketThread';

interface Ticket {
  id: number | string;
  reference: string;
  subject: string;
  topic: string;
  status: SupportTicketStatus;
  email: string;
  requester_name: string | null;
  order_number: string | null;
  donation_reference: string | null;
  assignee_id: number | null;
  assignee_name: string | null;
  created_at: string;
}

const errorText = (e: unknown, fallback: string) => {
  const body = (e as { body?: { errors?: Record<string, string>; message?: string } }).body;
  return body?.errors?.body ?? body?.message ?? fallback;
};

/** Reply (emailed to the requester) or internal note (staff only), with "resolve" for a final answer. */
function ReplyForm({ ticket }: { ticket: Ticket }) {
  const [body, setBody] = useState('');
  const [resolve, setResolve] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [create, { isPending }] = useCreate();
  const notify = useNotify();
  const refresh = useRefresh();

  function send(kind: 'staff' | 'note') {
    if (body.trim().length < 10) {
      setError('Please write at least 10 characters.');
      return;
    }
    setError(null);
    create(
      'support-ticket-messages',
      { data: { ticket_id: ticket.id, kind, body, ...(kind === 'staff' ? { resolve } : {}) } },
      {
        onSuccess: () => {
          notify(kind === 'staff' ? `Reply sent to ${ticket.email}.` : 'Internal note added.', {
            type: 'success',
          });
          setBody('');
          setResolve(false);
          refresh();
        },
        onError: (e) => setError(errorText(e, 'The message could not be saved.')),
      },
    );
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send('staff');
  };
  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label="Answer"
      sx={{ display: 'grid', gap: 1.5 }}
    >
      <TextField
        label="Message"
        value={body}
        onChange={(e) => setBody(e.target.value)}
        multiline
        minRows={4}
        inputProps={{ maxLength: SUPPORT_MESSAGE_MAX }}
        error={error !== null}
        helperText={error ?? 'A reply is emailed to the requester; an internal note is seen by staff only.'}
      />
      <FormControlLabel
        control={<Checkbox checked={resolve} onChange={(e) => setResolve(e.target.checked)} />}
        label="Mark resolved with this reply"
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={isPending}>
          Send reply
        </Button>
        <Button variant="outlined" onClick={() => send('note')} disabled={isPending}>
          Add internal note
        </Button>
      </Box>
    </Box>
  );
}

/** Status and assignment: "Assign to me" and the three statuses. */
function TicketControls({ ticket }: { ticket: Ticket }) {
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  const save = (data: Record<string, unknown>, done: string) =>
    update(
      'support-tickets',
      { id: ticket.id, data, previousData: ticket },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify(done, { type: 'success' }),
        onError: (e) => notify(errorText(e, 'The ticket could not be updated.'), { type: 'error' }),
      },
    );
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      <TextField
        select
        label="Status"
        size="small"
        value={ticket.status}
        disabled={isPending}
        onChange={(e) => save({ status: e.target.value }, 'Status updated.')}
        sx={{ minWidth: 220 }}
      >
        {STATUS_CHOICES.map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {s.name}
          </MenuItem>
        ))}
      </TextField>
      <Typography>Assignee: {ticket.assignee_name ?? 'nobody'}</Typography>
      <Button
        variant="outlined"
        size="small"
        disabled={isPending}
        onClick={() => save({ assignee: 'me' }, 'Assigned to you.')}
      >
        Assign to me
      </Button>
      {ticket.assignee_id !== null && (
        <Button size="small" disabled={isPending} onClick={() => save({ assignee: null }, 'Unassigned.')}>
          Unassign
        </Button>
      )}
    </Box>
  );
}

/** One ticket: who asked about what, its status and assignee, the thread, and the answer form. */
export default function SupportTicketDetail() {
  const { id } = useParams();
  const { data: ticket, isPending, error } = useGetOne<Ticket>('support-tickets', { id: id ?? '' });
  if (error) return <Typography role="alert">This ticket could not be loaded.</Typography>;
  if (isPending || !ticket) return <Loading />;
  const about = [
    ticket.order_number && `Order ${ticket.order_number}`,
    ticket.donation_reference && `Receipt ${ticket.donation_reference}`,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Box sx={{ pb: 4, maxWidth: 960 }}>
      <ScreenTitle
        title={ticket.subject}
        intro={`${ticket.reference} · ${supportTopicLabel(ticket.topic)} · ${SUPPORT_STATUS_LABELS[ticket.status]}`}
      />
      <Link to="/support-tickets">Back to all tickets</Link>
      <Card variant="outlined" component="section" aria-labelledby="ticket-heading" sx={{ mt: 2 }}>
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Typography id="ticket-heading" component="h2" variant="h6">
            From {ticket.requester_name ? `${ticket.requester_name} <${ticket.email}>` : ticket.email}
          </Typography>
          {about && <Typography>{about}</Typography>}
          <TicketControls ticket={ticket} />
        </CardContent>
      </Card>
      <Card variant="outlined" component="section" aria-labelledby="thread-heading" sx={{ mt: 2 }}>
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Typography id="thread-heading" component="h2" variant="h6">
            Conversation
          </Typography>
          <TicketThread ticketId={ticket.id} />
          <Typography component="h3" variant="subtitle1">
            Answer
          </Typography>
          <ReplyForm ticket={ticket} />
        </CardContent>
      </Card>
    </Box>
  );
}
