import {
  BooleanField,
  Datagrid,
  DateField,
  FunctionField,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectInput,
  TextField,
} from 'react-admin';
import { ListActions } from '../../components/ListActions';
import { ScreenTitle } from '../../components/ScreenTitle';
import { useReferenceChoices } from '../../components/use-reference-list';
import { BlockButton } from './BlockButton';

const ROLE_CHOICES = [
  { id: 'individual', name: 'Individual' },
  { id: 'organization', name: 'Organization' },
  { id: 'candidate', name: 'Candidate' },
  { id: 'vendor', name: 'Vendor' },
  { id: 'staff', name: 'Staff' },
];

function MemberScreen({ resource, title, intro }: { resource: string; title: string; intro?: string }) {
  const states = useReferenceChoices('states');
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder="Name or email" />,
    <SelectInput key="state" source="state" label="State" choices={states} />,
    <SelectInput key="role" source="role" label="Role" choices={ROLE_CHOICES} />,
    <NullableBooleanInput key="blocked" source="blocked" label="Blocked" />,
  ];
  return (
    <>
      <ScreenTitle title={title} intro={intro} />
      <List
        resource={resource}
        title=" "
        filters={filters}
        actions={<ListActions />}
        sort={{ field: 'created_at', order: 'DESC' }}
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="name" />
          <TextField source="email" />
          <TextField source="role" />
          <TextField source="state" emptyText="—" />
          <BooleanField source="verified" />
          <DateField source="created_at" label="Joined" />
          <FunctionField
            label="Status"
            sortBy="blocked_at"
            render={(r: { blocked_at: string | null }) => (r.blocked_at ? 'Blocked' : 'Active')}
          />
          <BlockButton />
        </Datagrid>
      </List>
    </>
  );
}

export const AllUsers = () => <MemberScreen resource="all-users" title="All users" />;
export const FreeUsers = () => (
  <MemberScreen resource="free-users" title="Free users" intro="Members without a paid membership." />
);
export const PaidUsers = () => (
  <MemberScreen
    resource="paid-users"
    title="Paid users"
    intro="Members with an active subscription. Membership billing is not live yet, so this list is empty."
  />
);
export const Organizations = () => <MemberScreen resource="organizations" title="Organizations" />;
