import { Box } from '@mui/material';
import {
  Edit,
  required,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useGetIdentity,
  useRecordContext,
} from 'react-admin';
import { ScreenTitle } from '../../components/ScreenTitle';
import { ROLE_CHOICES } from './choices';
import { PermissionGrants } from './PermissionGrants';
import { TwoFactorReset } from './TwoFactorReset';

function RoleInput() {
  const record = useRecordContext<{ id: number }>();
  const { identity } = useGetIdentity();
  const self = record !== undefined && identity?.id === record.id;
  return (
    <SelectInput
      source="role"
      choices={ROLE_CHOICES}
      validate={required()}
      disabled={self}
      helperText={self ? 'You cannot change your own role.' : undefined}
    />
  );
}

/**
 * Edit an employee (MANAGE_EMPLOYEES): role, department, title; their two-factor sign-in and its
 * reset; extra grants below (MANAGE_PERMISSIONS).
 */
export default function EmployeeEdit() {
  return (
    <Box sx={{ pb: 4, maxWidth: 900 }}>
      <ScreenTitle title="Edit employee" />
      <Edit resource="employees" title=" " mutationMode="pessimistic" redirect={false}>
        {/* Save only: employees are not deleted (the API has no such route; a role change or a
            block ends their access), so react-admin's default Delete button would only fail. */}
        <SimpleForm
          toolbar={
            <Toolbar>
              <SaveButton />
            </Toolbar>
          }
        >
          <TextInput source="name" disabled fullWidth />
          <TextInput source="email" disabled fullWidth />
          <RoleInput />
          <TextInput source="department" validate={required()} fullWidth />
          <TextInput source="title" validate={required()} fullWidth />
        </SimpleForm>
        <TwoFactorReset />
        <PermissionGrants />
      </Edit>
    </Box>
  );
}
