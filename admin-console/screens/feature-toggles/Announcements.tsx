import { Alert, Box, Button, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import {
  Datagrid,
  DateField,
  List,
  NumberField,
  TextField as TextColumn,
  useDataProvider,
  useNotify,
  useRefresh,
} from 'react-admin';

/** Mirrors api/modules/announcements/service.ts (the server has the final word). */
const MAX_LENGTH = 280;

type FieldErrors = Partial<Record<'message' | 'route', string>>;

/** Sends an announcement (notification type 11) to every member, and lists the ones sent. */
export function Announcements() {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [message, setMessage] = useState('');
  const [route, setRoute] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const { data } = await dataProvider.create<{ id: number; recipients: number }>('announcements', {
        data: { message, route },
      });
      notify(`Announcement sent to ${data.recipients} members.`, { type: 'success' });
      setMessage('');
      setRoute('');
      refresh();
    } catch (error) {
      const body = (error as { body?: { errors?: FieldErrors } }).body;
      if (body?.errors) setErrors(body.errors);
      else notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-labelledby="announcements-heading" sx={{ mt: 4 }}>
      <Typography id="announcements-heading" component="h2" variant="h6">
        Announcements
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 760 }}>
        Reaches every member's notifications at once (those who switched announcements off are skipped).
        Sending is audited and cannot be undone.
      </Typography>
      <Box
        component="form"
        onSubmit={submit}
        aria-label="Send an announcement"
        sx={{ display: 'grid', gap: 2, maxWidth: 640, mb: 3 }}
      >
        <TextField
          label="Announcement"
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          multiline
          minRows={2}
          error={Boolean(errors.message)}
          helperText={errors.message ?? `${message.length}/${MAX_LENGTH}`}
        />
        <TextField
          label="Link (optional path, such as /membership)"
          value={route}
          onChange={(e) => setRoute(e.target.value)}
          error={Boolean(errors.route)}
          helperText={errors.route}
        />
        {errors.message === undefined && message.length > MAX_LENGTH && (
          <Alert severity="warning">Announcements can be at most {MAX_LENGTH} characters.</Alert>
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={busy}>
            Send announcement
          </Button>
        </Box>
      </Box>
      <List
        resource="announcements"
        title=" "
        actions={false}
        disableSyncWithLocation
        storeKey="announcements"
        perPage={10}
        // react-admin's own empty state is a faded h4 that fails the contrast check.
        empty={<Typography color="text.secondary">No announcements sent yet.</Typography>}
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <DateField source="created_at" label="Sent" showTime />
          <TextColumn source="message" label="Announcement" />
          <TextColumn source="route" label="Link" emptyText="—" />
          <NumberField source="recipients" />
          <TextColumn source="sent_by_name" label="By" emptyText="—" sortable={false} />
        </Datagrid>
      </List>
    </Box>
  );
}
