import {
  Chip,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useDataProvider, useGetList } from 'react-admin';
import type { JobProgressView, JobState, JobView } from '../../../api/contract/queue';
import { GuardedButton } from '../../components/GuardedButton';
import { useConsoleAction } from '../../components/use-console-action';

const STATE_COLOR: Record<JobState, 'default' | 'info' | 'warning' | 'success' | 'error'> = {
  created: 'default',
  retry: 'warning',
  active: 'info',
  completed: 'success',
  cancelled: 'default',
  failed: 'error',
};
const STATE_LABEL: Record<JobState, string> = {
  created: 'queued',
  retry: 'waiting to retry',
  active: 'running',
  completed: 'completed',
  cancelled: 'cancelled',
  failed: 'failed',
};

function Progress({ progress }: { progress: JobProgressView | null }) {
  if (!progress) return <>—</>;
  const { done, total, message } = progress;
  const fraction = done !== null && total ? Math.min(100, Math.round((done / total) * 100)) : null;
  return (
    <>
      {fraction !== null && (
        <LinearProgress variant="determinate" value={fraction} aria-label={`${done} of ${total}`} />
      )}
      <Typography variant="caption">
        {[fraction !== null ? `${done} of ${total}` : null, message].filter(Boolean).join(' · ')}
      </Typography>
    </>
  );
}

function RetryButton({ job }: { job: JobView }) {
  const dataProvider = useDataProvider();
  const { busy, run } = useConsoleAction();
  const retry = () =>
    run(async () => {
      await dataProvider.create('job-retries', { data: { id: job.id } });
      return `Job ${job.queue} queued again`;
    });
  return (
    <GuardedButton permission="RUN_TESTS" size="small" onClick={retry} disabled={busy}>
      Retry
    </GuardedButton>
  );
}

/**
 * The background job queue beside the health checks (VIEW_TESTS to read, RUN_TESTS to retry):
 * the newest jobs with their state, attempts, error and progress (docs/decisions/0019-job-queue.md).
 */
export function JobsSection() {
  const { data, total, isPending, error } = useGetList<JobView>('jobs', {
    pagination: { page: 1, perPage: 25 },
    sort: { field: 'createdOn', order: 'DESC' },
  });
  return (
    <>
      <Typography component="h2" variant="h6" sx={{ mt: 3 }}>
        Background jobs
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {isPending ? 'Loading...' : `${total ?? 0} in the queue's history; newest first.`}
      </Typography>
      <Table size="small" aria-label="Background jobs">
        <TableHead>
          <TableRow>
            <TableCell>Queue</TableCell>
            <TableCell>State</TableCell>
            <TableCell>Queued</TableCell>
            <TableCell align="right">Retries</TableCell>
            <TableCell>Progress</TableCell>
            <TableCell>Error</TableCell>
            <TableCell>Action</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {!isPending && (data?.length ?? 0) === 0 && (
            <TableRow>
              <TableCell colSpan={7}>
                {error ? 'The job list could not be loaded.' : 'No jobs yet.'}
              </TableCell>
            </TableRow>
          )}
          {data?.map((job) => (
            <TableRow key={job.id}>
              <TableCell>{job.queue}</TableCell>
              <TableCell>
                <Chip size="small" label={STATE_LABEL[job.state]} color={STATE_COLOR[job.state]} />
              </TableCell>
              <TableCell>{new Date(job.createdOn).toLocaleString()}</TableCell>
              <TableCell align="right">{`${job.retryCount} / ${job.retryLimit}`}</TableCell>
              <TableCell sx={{ minWidth: 140 }}>
                <Progress progress={job.progress} />
              </TableCell>
              <TableCell>{job.error ?? '—'}</TableCell>
              <TableCell>{job.state === 'failed' && <RetryButton job={job} />}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
