import { Alert, Box } from '@mui/material';
import { useState } from 'react';
import { Create, email, required, SelectInput, SimpleForm, TextInput, useNotify } from 'react-admin';
import { ScreenTitle } from '../../components/ScreenTitle';
import { ROLE_CHOICES } from './choices';

interface Registered {
  id: number;
  email: string;
  name: string;
}

/**
 * Employee registration (REGISTER_EMPLOYEES): creates the staff account with role, department
 * and title, and emails an invitation link to choose a password (valid 7 days).
 */
export default function EmployeeRegistration() {
  const notify = useNotify();
  const [last, setLast] = useState<Registered | null>(null);
  return (
    <Box sx={{ pb: 4, maxWidth: 720 }}>
      <ScreenTitle
        title="Register an employee"
        intro="The new employee receives an email with a link to choose a password, then signs in with this address."
      />
      {last && (
        <Alert severity="success" sx={{ mb: 2 }} role="status">
          {`${last.name} is registered. The invitation was sent to ${last.email}.`}
        </Alert>
      )}
      <Create
        resource="employees"
        title=" "
        redirect={false}
        mutationOptions={{
          onSuccess: (data: Registered) => {
            setLast(data);
            notify(`Invitation sent to ${data.email}`, { type: 'success' });
          },
        }}
      >
        <SimpleForm>
          <TextInput source="first_name" label="First name" validate={required()} fullWidth />
          <TextInput source="last_name" label="Last name" validate={required()} fullWidth />
          <TextInput source="email" label="Email" type="email" validate={[required(), email()]} fullWidth />
          <SelectInput source="role" label="Role" choices={ROLE_CHOICES} validate={required()} />
          <TextInput source="department" label="Department" validate={required()} fullWidth />
          <TextInput source="title" label="Title" validate={required()} fullWidth />
        </SimpleForm>
      </Create>
    </Box>
  );
}
