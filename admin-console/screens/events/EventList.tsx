import {
  ChipField,
  Datagrid,
  DateField,
  List,
  NumberField,
  SelectInput,
  TextField,
  TextInput,
} from 'react-admin';
import { ListActions } from '../../components/ListActions';
import { ScreenTitle } from '../../components/ScreenTitle';
import { EVENT_STATUS_CHOICES, EVENT_TYPE_CHOICES } from './choices';

/** Events (VIEW_RED_FLAGS, decision 0101): every member's event, filtered by status, kind, state, title. */
export default function EventList() {
  const filters = [
    <TextInput key="q" source="q" label="Title" alwaysOn />,
    <SelectInput key="status" source="status" choices={EVENT_STATUS_CHOICES} alwaysOn />,
    <SelectInput key="type" source="type" label="Kind" choices={EVENT_TYPE_CHOICES} />,
    <TextInput key="state" source="state" label="State (2 letters)" />,
  ];
  return (
    <>
      <ScreenTitle
        title="Events"
        intro="Events members host and propose. Open one to unpublish it, with the reason the host will see."
      />
      <List
        resource="events"
        title=" "
        filters={filters}
        actions={<ListActions />}
        sort={{ field: 'starts_at', order: 'DESC' }}
      >
        <Datagrid bulkActionButtons={false} rowClick="edit">
          <DateField source="starts_at" label="Starts" showTime />
          <TextField source="title" />
          <TextField source="host_name" label="Host" sortable={false} />
          <TextField source="state" />
          <ChipField source="status" size="small" />
          <NumberField source="signups" label="Sign-ups" />
        </Datagrid>
      </List>
    </>
  );
}
