import { Box } from '@mui/material';
import {
  DateField,
  Edit,
  Labeled,
  SaveButton,
  SimpleForm,
  TextField,
  TextInput,
  Toolbar,
  useRecordContext,
} from 'react-admin';
import { ScreenTitle } from '../../components/ScreenTitle';

/** Unpublish is the only change, and only for a published event: the reason is required (the API checks it too). */
function UnpublishToolbar() {
  const record = useRecordContext<{ status: string }>();
  return (
    <Toolbar>
      <SaveButton label="Unpublish" disabled={record?.status !== 'published'} alwaysEnable={false} />
    </Toolbar>
  );
}

function Reason() {
  const record = useRecordContext<{ status: string }>();
  if (record?.status === 'published') {
    return (
      <TextInput
        source="unpublished_reason"
        label="Reason for unpublishing (the host sees it)"
        multiline
        minRows={2}
        fullWidth
      />
    );
  }
  return (
    <Labeled label="Reason unpublished" fullWidth>
      <TextField source="unpublished_reason" emptyText="—" />
    </Labeled>
  );
}

/** One event: its facts, a link to its page, and Unpublish with a reason. Audited. */
export default function EventDetail() {
  return (
    <Box sx={{ pb: 4, maxWidth: 900 }}>
      <ScreenTitle title="Event" />
      <Edit
        resource="events"
        title=" "
        mutationMode="pessimistic"
        redirect="list"
        transform={(data: { unpublished_reason?: string }) => ({
          status: 'unpublished',
          unpublished_reason: data.unpublished_reason ?? '',
        })}
      >
        <SimpleForm toolbar={<UnpublishToolbar />}>
          <Box
            sx={{
              display: 'grid',
              gap: 1,
              gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
              width: '100%',
            }}
          >
            <Labeled label="Title">
              <TextField source="title" />
            </Labeled>
            <Labeled label="Host">
              <TextField source="host_name" />
            </Labeled>
            <Labeled label="Status">
              <TextField source="status" />
            </Labeled>
            <Labeled label="Visibility">
              <TextField source="visibility" />
            </Labeled>
            <Labeled label="Starts">
              <DateField source="starts_at" showTime />
            </Labeled>
            <Labeled label="Where">
              <TextField source="state" />
            </Labeled>
            <Labeled label="Sign-ups">
              <TextField source="signups" />
            </Labeled>
          </Box>
          <EventPageLink />
          <Reason />
        </SimpleForm>
      </Edit>
    </Box>
  );
}

function EventPageLink() {
  const record = useRecordContext<{ id: number }>();
  if (!record) return null;
  return (
    <p>
      <a href={`/events/${record.id}`} target="_blank" rel="noopener">
        Open the event’s page
      </a>
    </p>
  );
}
