import { Button, LinearProgress, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import {
  CreateButton,
  Datagrid,
  DateField,
  FunctionField,
  List,
  TextField,
  useListContext,
  useNotify,
  useUpdate,
} from 'react-admin';
import { ListActions } from '../../components/ListActions';
import { ScreenTitle } from '../../components/ScreenTitle';
import { type DonorEmailSend, isRunning, progressText, statusLabel } from './send-status';

/** Re-reads the list every 2 s while a send is queued or sending, so progress moves without a reload. */
function PollWhileRunning({ onRunning }: { onRunning: (running: boolean) => void }) {
  const { data } = useListContext<DonorEmailSend>();
  const running = (data ?? []).some(isRunning);
  useEffect(() => onRunning(running), [running, onRunning]);
  return null;
}

function Progress({ send }: { send: DonorEmailSend }) {
  const done = send.sent_count + send.suppressed_count + send.failed_count;
  return (
    <>
      {isRunning(send) && (
        <LinearProgress
          variant="determinate"
          value={send.total ? (100 * done) / send.total : 0}
          aria-label={`Progress of ${send.subject}`}
          sx={{ mb: 0.5 }}
        />
      )}
      <span>{progressText(send)}</span>
    </>
  );
}

/** Stops a queued or sending email: nobody not yet sent to receives it. */
function CancelButton({ send }: { send: DonorEmailSend }) {
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  if (!isRunning(send)) return null;
  return (
    <Button
      size="small"
      disabled={isPending}
      aria-label={`Cancel ${send.subject}`}
      onClick={() =>
        update(
          'donor-emails',
          { id: send.id, data: { status: 'cancelled' }, previousData: send },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => notify('The email is cancelled.', { type: 'success' }),
            onError: (error) => notify((error as Error).message, { type: 'error' }),
          },
        )
      }
    >
      Cancel
    </Button>
  );
}

/** The donor emails sent so far, newest first, with their progress and report (docs/decisions/0022). */
export default function DonorEmailList() {
  const [running, setRunning] = useState(false);
  return (
    <>
      <ScreenTitle
        title="Donor emails"
        intro="Emails to a campaign's donors. Each address gets one copy; unsubscribed and bounced addresses are skipped."
      />
      <List
        resource="donor-emails"
        title=" "
        actions={
          <ListActions filters={false}>
            <CreateButton label="Compose" />
          </ListActions>
        }
        sort={{ field: 'created_at', order: 'DESC' }}
        queryOptions={{ refetchInterval: running ? 2000 : false }}
        empty={<Typography color="text.secondary">No donor emails sent yet.</Typography>}
      >
        <PollWhileRunning onRunning={setRunning} />
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <DateField source="created_at" label="Created" showTime />
          <TextField source="audience_label" label="To" sortable={false} />
          <TextField source="subject" sortable={false} />
          <FunctionField label="Status" sortBy="status" render={(s: DonorEmailSend) => statusLabel(s)} />
          <FunctionField
            label="Progress"
            sortable={false}
            render={(s: DonorEmailSend) => <Progress send={s} />}
          />
          <TextField source="created_by_name" label="By" emptyText="—" sortable={false} />
          <FunctionField
            label=""
            sortable={false}
            render={(s: DonorEmailSend) => <CancelButton send={s} />}
          />
        </Datagrid>
      </List>
    </>
  );
}
