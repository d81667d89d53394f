import { Alert } from '@mui/material';
import { ChipField, Datagrid, DateField, Link, List, SelectInput, TextField } from 'react-admin';
import { ListActions } from '../../components/ListActions';
import { ScreenTitle } from '../../components/ScreenTitle';
import { useReferenceChoices } from '../../components/use-reference-list';

export const STATUS_CHOICES = [
  { id: 'open', name: 'Open' },
  { id: 'resolved', name: 'Resolved' },
  { id: 'dismissed', name: 'Dismissed' },
];
const TARGET_CHOICES = ['profile', 'message', 'job', 'post'].map((t) => ({
  id: t,
  name: t.charAt(0).toUpperCase() + t.slice(1),
}));

/** Red flags (VIEW_RED_FLAGS): member reports waiting for review, open ones first. */
export default function RedFlagList() {
  const reasons = useReferenceChoices('report');
  const filters = [
    <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
    <SelectInput key="target_type" source="target_type" label="Reported" choices={TARGET_CHOICES} />,
    <SelectInput key="reason" source="reason" choices={reasons} />,
  ];
  return (
    <>
      <ScreenTitle title="Red flags" intro="Reports from members about profiles, messages, jobs and posts." />
      {/* Off the fixed sidebar: members' events are moderated from here (decision 0101). */}
      <Alert severity="info" sx={{ mb: 2 }}>
        Members’ events are in <Link to="/events">Events</Link>.
      </Alert>
      <List
        resource="red-flags"
        title=" "
        filters={filters}
        filterDefaultValues={{ status: 'open' }}
        actions={<ListActions />}
        sort={{ field: 'created_at', order: 'DESC' }}
      >
        <Datagrid bulkActionButtons={false} rowClick="edit">
          <DateField source="created_at" label="Reported" showTime />
          <TextField source="target_type" label="Type" />
          <TextField source="target_id" label="Target" />
          <TextField source="reason_label" label="Reason" sortBy="reason" />
          <TextField source="reporter_name" label="Reporter" emptyText="—" />
          <ChipField source="status" size="small" />
          <TextField source="action_taken" label="Action taken" emptyText="—" />
        </Datagrid>
      </List>
    </>
  );
}
