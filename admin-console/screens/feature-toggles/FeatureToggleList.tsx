import { FormControlLabel, Switch } from '@mui/material';
import { Datagrid, DateField, List, TextField, useNotify, useRecordContext, useUpdate } from 'react-admin';
import { ScreenTitle } from '../../components/ScreenTitle';
import { Announcements } from './Announcements';

interface Toggle {
  id: string;
  name: string;
  enabled: boolean;
}

function ToggleSwitch() {
  const record = useRecordContext<Toggle>();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate<Toggle>();
  if (!record) return null;
  return (
    <FormControlLabel
      label={record.enabled ? 'On' : 'Off'}
      control={
        <Switch
          checked={record.enabled}
          disabled={isPending}
          slotProps={{ input: { role: 'switch', 'aria-label': record.name } }}
          onChange={(_e, enabled) =>
            update(
              'feature-toggles',
              { id: record.id, data: { enabled }, previousData: record },
              {
                mutationMode: 'pessimistic',
                onSuccess: () => notify(`${record.name} is ${enabled ? 'on' : 'off'}`, { type: 'success' }),
                onError: (e) => notify((e as Error).message, { type: 'error' }),
              },
            )
          }
        />
      }
    />
  );
}

/**
 * Feature toggles (MANAGE_FEATURES): switch a feature on or off; audited, live on the site within a
 * minute. Announcements to every member live here too: both are product-wide.
 */
export default function FeatureToggleList() {
  return (
    <>
      <ScreenTitle
        title="Feature toggles"
        intro="Switching a feature is audited and reaches every page of the site within a minute."
      />
      <List
        resource="feature-toggles"
        title=" "
        actions={false}
        pagination={false}
        perPage={100}
        sort={{ field: 'name', order: 'ASC' }}
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="name" />
          <TextField source="description" />
          <ToggleSwitch />
          <DateField source="updated_at" label="Changed" showTime />
          <TextField source="updated_by" label="By" emptyText="—" />
        </Datagrid>
      </List>
      <Announcements />
    </>
  );
}
