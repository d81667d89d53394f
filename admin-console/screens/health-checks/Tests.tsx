import {
  Box,
  Card,
  CardContent,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Datagrid, DateField, List, NumberField, TextField, useDataProvider, useGetList } from 'react-admin';
import type { CheckResult } from '../../../api/contract/health-checks';
import { GuardedButton } from '../../components/GuardedButton';
import { ScreenTitle } from '../../components/ScreenTitle';
import { useConsoleAction } from '../../components/use-console-action';
import { JobsSection } from './JobsSection';

interface Run {
  id: number;
  status: 'pass' | 'fail' | 'partial';
  results: CheckResult[];
  created_at: string;
  started_by: string | null;
}

const COLOR = { pass: 'success', fail: 'error', skipped: 'default', partial: 'warning' } as const;

function LatestRun() {
  const { data, isPending } = useGetList<Run>('health-checks', {
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'created_at', order: 'DESC' },
  });
  const run = data?.[0];
  if (isPending) return null;
  if (!run) return <Typography>No checks have run yet.</Typography>;
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {`Last run ${new Date(run.created_at).toLocaleString()} by ${run.started_by ?? 'unknown'}: `}
        <Chip size="small" label={run.status} color={COLOR[run.status]} />
      </Typography>
      <Table size="small" aria-label="Latest health checks">
        <TableHead>
          <TableRow>
            <TableCell>Check</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Details</TableCell>
            <TableCell align="right">ms</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {run.results.map((r) => (
            <TableRow key={r.name}>
              <TableCell>{r.name}</TableCell>
              <TableCell>
                <Chip size="small" label={r.status} color={COLOR[r.status]} />
              </TableCell>
              <TableCell>{r.message}</TableCell>
              <TableCell align="right">{r.ms}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}

/**
 * Tests (VIEW_TESTS to read, RUN_TESTS to run): the built-in health checks and their history,
 * then the background job queue.
 */
export default function Tests() {
  const dataProvider = useDataProvider();
  const action = useConsoleAction();
  const busy = action.busy;
  const run = () =>
    action.run(async () => {
      const { data } = await dataProvider.create<Run>('health-checks', { data: {} });
      return {
        message: `Checks finished: ${data.status}`,
        type: data.status === 'fail' ? ('error' as const) : ('success' as const),
      };
    });
  return (
    <Box sx={{ pb: 4 }}>
      <ScreenTitle
        title="Tests"
        intro="Database, migrations, email, payments and realtime, checked on demand."
      />
      <GuardedButton permission="RUN_TESTS" variant="contained" onClick={run} disabled={busy}>
        {busy ? 'Running...' : 'Run checks'}
      </GuardedButton>
      <Card variant="outlined" sx={{ my: 2 }}>
        <CardContent>
          <LatestRun />
        </CardContent>
      </Card>
      <Typography component="h2" variant="h6">
        History
      </Typography>
      <List
        resource="health-checks"
        title=" "
        actions={false}
        disableSyncWithLocation
        sort={{ field: 'created_at', order: 'DESC' }}
        empty={false}
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <DateField source="created_at" label="When" showTime />
          <TextField source="status" />
          <TextField source="started_by" label="By" emptyText="—" />
          <NumberField source="duration_ms" label="Duration (ms)" />
        </Datagrid>
      </List>
      <JobsSection />
    </Box>
  );
}
