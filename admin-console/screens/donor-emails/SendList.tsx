import { Button, LinearProgress, Typography } from '@mui/material';
import { type ReactNode, useEffect, useState } from 'react';
import {
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
import { reportText, SendClicks } from './SendClicks';
import { isRunning, type DonorEmailSend as MassEmailSend, progressText, statusLabel } from './send-status';

/** Re-reads the list every 2 s while a send is queued or sending, so progress moves without a reload. */
function PollWhileRunning({ onRunning }: { onRunning: (running: boolean) => void }) {
  const { data } = useListContext<MassEmailSend>();
  const running = (data ?? []).some(isRunning);
  useEffect(() => onRunning(running), [running, onRunning]);
  return null;
}

function Progress({ send }: { send: MassEmailSend }) {
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
function CancelButton({ send, resource }: { send: MassEmailSend; resource: string }) {
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
          resource,
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

export interface SendListProps {
  /** The REST resource of the sends (donor-emails, mass-emails). */
  resource: string;
  title: string;
  intro: string;
  /** The list's "compose" button. */
  compose: ReactNode;
  emptyText: string;
}

/**
 * Mass email sends, newest first, with progress while they run (polled every 2 s) and the report
 * once sent (docs/decisions/0022-mass-email.md): the donor emails screen and Mass Emails (/admin/GOTV) show it.
 */
export function SendList({ resource, title, intro, compose, emptyText }: SendListProps) {
  const [running, setRunning] = useState(false);
  return (
    <>
      <ScreenTitle title={title} intro={intro} />
      <List
        resource={resource}
        title=" "
        actions={<ListActions filters={false}>{compose}</ListActions>}
        sort={{ field: 'created_at', order: 'DESC' }}
        queryOptions={{ refetchInterval: running ? 2000 : false }}
        empty={<Typography color="text.secondary">{emptyText}</Typography>}
      >
        <PollWhileRunning onRunning={setRunning} />
        <Datagrid
          bulkActionButtons={false}
          rowClick={false}
          expand={<SendClicks resource={resource} />}
          expandSingle
        >
          <DateField source="created_at" label="Created" showTime />
          <TextField source="audience_label" label="To" sortable={false} />
          <TextField source="subject" sortable={false} />
          <FunctionField label="Status" sortBy="status" render={(s: MassEmailSend) => statusLabel(s)} />
          <FunctionField
            label="Progress"
            sortable={false}
            render={(s: MassEmailSend) => <Progress send={s} />}
          />
          <FunctionField label="Report" sortable={false} render={(s: MassEmailSend) => reportText(s)} />
          <TextField source="created_by_name" label="By" emptyText="—" sortable={false} />
          <FunctionField
            label=""
            sortable={false}
            render={(s: MassEmailSend) => <CancelButton send={s} resource={resource} />}
          />
        </Datagrid>
      </List>
    </>
  );
}
