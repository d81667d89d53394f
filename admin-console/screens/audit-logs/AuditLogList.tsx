import { Box } from '@mui/material';
import {
  Datagrid,
  DateField,
  DateInput,
  List,
  NumberInput,
  TextField,
  TextInput,
  useRecordContext,
} from 'react-admin';
import { ConsolePagination } from '../../components/ConsolePagination';
import { ListActions } from '../../components/ListActions';
import { ScreenTitle } from '../../components/ScreenTitle';

const filters = [
  <TextInput key="actor" source="actor" label="Actor (name or email)" alwaysOn />,
  <TextInput key="action" source="action" label="Action" alwaysOn />,
  <TextInput key="target_type" source="target_type" label="Target type" />,
  <TextInput key="target_id" source="target_id" label="Target id" />,
  <NumberInput key="actor_id" source="actor_id" label="Actor id" />,
  <DateInput key="from" source="from" label="From" />,
  <DateInput key="to" source="to" label="To" />,
];

function Change() {
  const record = useRecordContext<{ before: unknown; after: unknown }>();
  if (!record) return null;
  return (
    <Box component="dl" sx={{ m: 0, fontSize: 13, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1 }}>
      <dt>Before</dt>
      <dd style={{ margin: 0 }}>
        <code>{record.before === null ? '—' : JSON.stringify(record.before)}</code>
      </dd>
      <dt>After</dt>
      <dd style={{ margin: 0 }}>
        <code>{record.after === null ? '—' : JSON.stringify(record.after)}</code>
      </dd>
    </Box>
  );
}

/** Audit logs (VIEW_AUDIT_LOGS): every staff write, read-only. Expand a row for before and after. */
export default function AuditLogList() {
  return (
    <>
      <ScreenTitle
        title="Audit logs"
        intro="Every change staff made: who, what, when, from where. Entries cannot be edited."
      />
      <List
        resource="audit-logs"
        title=" "
        filters={filters}
        actions={<ListActions />}
        pagination={<ConsolePagination />}
        sort={{ field: 'created_at', order: 'DESC' }}
      >
        <Datagrid bulkActionButtons={false} rowClick="expand" expand={<Change />}>
          <DateField source="created_at" label="When" showTime />
          <TextField source="actor_name" label="Actor" emptyText="system" />
          <TextField source="action" />
          <TextField source="target_type" label="Target type" />
          <TextField source="target_id" label="Target" emptyText="—" />
          <TextField source="ip" label="IP" emptyText="—" />
        </Datagrid>
      </List>
    </>
  );
}
