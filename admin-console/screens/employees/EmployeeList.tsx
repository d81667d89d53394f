import {
  ChipField,
  Datagrid,
  DateField,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  TextField,
  TextInput,
} from 'react-admin';
import { ListActions } from '../../components/ListActions';
import { ScreenTitle } from '../../components/ScreenTitle';
import { useHasPermission } from '../../layout/RequirePermission';
import { ROLE_CHOICES, twoFactorLabel } from './choices';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name or email" />,
  <SelectInput key="role" source="role" label="Role" choices={ROLE_CHOICES} />,
  <TextInput key="department" source="department" label="Department" />,
];

/** Employees (VIEW_EMPLOYEES); a row opens the edit screen for holders of MANAGE_EMPLOYEES. */
export default function EmployeeList() {
  const canEdit = useHasPermission('MANAGE_EMPLOYEES');
  return (
    <>
      <ScreenTitle title="Employees" />
      <List
        resource="employees"
        title=" "
        filters={filters}
        actions={<ListActions />}
        sort={{ field: 'name', order: 'ASC' }}
      >
        <Datagrid bulkActionButtons={false} rowClick={canEdit ? 'edit' : false}>
          <TextField source="name" />
          <TextField source="email" />
          <ChipField source="role" size="small" />
          <TextField source="department" />
          <TextField source="title" />
          <TextField source="status" />
          <FunctionField<{ two_factor_enrolled: boolean }>
            source="two_factor_enrolled"
            label="Two-factor"
            sortable={false}
            render={(r) => twoFactorLabel(r.two_factor_enrolled)}
          />
          <DateField source="created_at" label="Since" />
        </Datagrid>
      </List>
    </>
  );
}
