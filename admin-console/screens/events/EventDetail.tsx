import { Box } from '@mui/material';
import {
  Edit,
  Labeled,
  SaveButton,
  SimpleForm,
  TextField,
  TextInput,
  Toolbar,
  useRecordContext,
} from 'react-admin';
import { type RecordFact, RecordFacts } from '../../components/RecordFacts';
import { ScreenTitle } from '../../components/ScreenTitle';

const FACTS: RecordFact[] = [
  { label: 'Title', source: 'title' },
  { label: 'Host', source: 'host_name' },
  { label: 'Status', source: 'status' },
  { label: 'Visibility', source: 'visibility' },
  { label: 'Starts', source: 'starts_at', moment: true },
  { label: 'Where', source: 'state' },
  { label: 'Sign-ups', source: 'signups' },
];

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
          <RecordFacts facts={FACTS} />
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
