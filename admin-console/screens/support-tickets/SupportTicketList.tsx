import {
  BooleanInput,
  Datagrid,
  DateField,
  FunctionField,
  List,
  NumberField,
  SearchInput,
  SelectField,
  SelectInput,
  TextField,
  useGetIdentity,
} from 'react-admin';
import { ListActions } from '../../components/ListActions';
import { ScreenTitle } from '../../components/ScreenTitle';
import { STATUS_CHOICES, TOPIC_CHOICES } from './choices';

interface TicketRow {
  requester_name: string | null;
  email: string;
}

/** The queue (MANAGE_SUPPORT_TICKETS): open requests first by latest activity; CSV of the filtered view. */
export default function SupportTicketList() {
  const { identity } = useGetIdentity();
  const filters = [
    <SearchInput key="q" source="q" placeholder="Reference, email or subject" alwaysOn />,
    <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
    <SelectInput key="topic" source="topic" choices={TOPIC_CHOICES} />,
    ...(identity
      ? [
          <SelectInput
            key="assignee_id"
            source="assignee_id"
            label="Assigned to"
            choices={[{ id: identity.id, name: 'Me' }]}
          />,
        ]
      : []),
    <BooleanInput key="unassigned" source="unassigned" label="Unassigned only" />,
  ];
  return (
    <>
      <ScreenTitle
        title="Support tickets"
        intro="Requests from the Help Center. Replies are emailed to the requester."
      />
      <List
        resource="support-tickets"
        title=" "
        filters={filters}
        filterDefaultValues={{ status: 'open' }}
        actions={<ListActions />}
        sort={{ field: 'last_message_at', order: 'DESC' }}
      >
        <Datagrid bulkActionButtons={false} rowClick="edit">
          <DateField source="last_message_at" label="Last activity" showTime />
          <TextField source="reference" sortable={false} />
          <TextField source="subject" sortable={false} />
          <SelectField source="topic" choices={TOPIC_CHOICES} />
          <SelectField source="status" choices={STATUS_CHOICES} />
          <FunctionField<TicketRow>
            label="Requester"
            render={(r) => (r.requester_name ? `${r.requester_name} (${r.email})` : r.email)}
          />
          <TextField source="assignee_name" label="Assignee" emptyText="—" sortable={false} />
          <NumberField source="messages" sortable={false} />
        </Datagrid>
      </List>
    </>
  );
}
