import { Box } from '@mui/material';
import { Edit, Labeled, RadioButtonGroupInput, SimpleForm, TextField, TextInput } from 'react-admin';
import { type RecordFact, RecordFacts } from '../../components/RecordFacts';
import { ScreenTitle } from '../../components/ScreenTitle';
import { STATUS_CHOICES } from './RedFlagList';

const FACTS: RecordFact[] = [
  { label: 'Reported', source: 'created_at', moment: true },
  { label: 'Type', source: 'target_type' },
  { label: 'Target', source: 'target_id' },
  { label: 'Reason', source: 'reason_label' },
  { label: 'Reporter', source: 'reporter_name', empty: '—' },
  { label: 'Reviewed by', source: 'reviewer_name', empty: '—' },
];

/** Review one report: resolve it with the action taken, dismiss it, or reopen it. Audited. */
export default function RedFlagEdit() {
  return (
    <Box sx={{ pb: 4, maxWidth: 900 }}>
      <ScreenTitle title="Review red flag" />
      <Edit resource="red-flags" title=" " mutationMode="pessimistic" redirect="list">
        <SimpleForm>
          <RecordFacts facts={FACTS} />
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
