import { Box, Chip, Paper, Typography } from '@mui/material';
import { useGetList } from 'react-admin';

interface Message {
  id: number;
  kind: 'requester' | 'staff' | 'note';
  body: string;
  author_name: string | null;
  created_at: string;
}

const WHO: Record<Message['kind'], string> = {
  requester: 'Requester',
  staff: 'Reply',
  note: 'Internal note',
};

/** The whole thread, notes included (set apart, since the requester never sees them). */
export function TicketThread({ ticketId }: { ticketId: number | string }) {
  const { data = [], isPending } = useGetList<Message>('support-ticket-messages', {
    filter: { ticket_id: Number(ticketId) },
    sort: { field: 'id', order: 'ASC' },
    pagination: { page: 1, perPage: 500 },
  });
  if (isPending) return <Typography>Loading the conversation…</Typography>;
  return (
    <Box
      component="ol"
      aria-label="Conversation"
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
    >
      {data.map((m) => (
        <Paper
          key={m.id}
          component="li"
          variant="outlined"
          sx={{
            p: 2,
            bgcolor: m.kind === 'note' ? 'warning.50' : m.kind === 'staff' ? 'action.hover' : undefined,
          }}
        >
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
            <Chip size="small" label={WHO[m.kind]} color={m.kind === 'note' ? 'warning' : 'default'} />
            <Typography variant="body2" color="text.secondary">
              {m.author_name ?? (m.kind === 'requester' ? 'Visitor' : '—')} ·{' '}
              {new Date(m.created_at).toLocaleString('en-US')}
            </Typography>
          </Box>
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{m.body}</Typography>
        </Paper>
      ))}
    </Box>
  );
}
