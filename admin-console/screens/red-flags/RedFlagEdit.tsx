import { Box } from '@mui/material';
import {
  DateField,
  Edit,
  Labeled,
  RadioButtonGroupInput,
  SimpleForm,
  TextField,
  TextInput,
} from 'react-admin';
import { ScreenTitle } from '../../components/ScreenTitle';
import { STATUS_CHOICES } from './RedFlagList';

/** Review one report: resolve it with the action taken, dismiss it, or reopen it. Audited. */
export default function RedFlagEdit() {
  return (
    <Box sx={{ pb: 4, maxWidth: 900 }}>
      <ScreenTitle title="Review red flag" />
      <Edit resource="red-flags" title=" " mutationMode="pessimistic" redirect="list">
        <SimpleForm>
          <Box
            sx={{
              display: 'grid',
              gap: 1,
              gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
              width: '100%',
            }}
          >
            <Labeled label="Reported">
              <DateField source="created_at" showTime />
            </Labeled>
            <Labeled label="Type">
              <TextField source="target_type" />
            </Labeled>
            <Labeled label="Target">
              <TextField source="target_id" />
            </Labeled>
            <Labeled label="Reason">
              <TextField source="reason_label" />
            </Labeled>
            <Labeled label="Reporter">
              <TextField source="reporter_name" emptyText="—" />
            </Labeled>
            <Labeled label="Reviewed by">
              <TextField source="reviewer_name" emptyText="—" />
            </Labeled>
          </Box>
          <Labeled label="Details" fullWidth>
            <TextField source="details" emptyText="—" />
          </Labeled>
          <RadioButtonGroupInput source="status" choices={STATUS_CHOICES} />
          <TextInput source="action_taken" label="Action taken" multiline minRows={2} fullWidth />
        </SimpleForm>
      </Edit>
    </Box>
  );
}
