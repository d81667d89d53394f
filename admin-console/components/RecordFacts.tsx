import { Box } from '@mui/material';
import { DateField, Labeled, TextField } from 'react-admin';

/** One fact of the record in view: its label, its field, and whether it is a moment (shown with the time). */
export interface RecordFact {
  label: string;
  source: string;
  moment?: boolean;
  /** What shows when the field is empty ('—'); nothing when not given. */
  empty?: string;
}

/** A record's facts as a review screen shows them above its form: a grid of labelled read-only fields. */
export function RecordFacts({ facts }: { facts: readonly RecordFact[] }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1,
        gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
        width: '100%',
      }}
    >
      {facts.map((fact) => (
        <Labeled key={fact.source} label={fact.label}>
          {fact.moment ? (
            <DateField source={fact.source} showTime />
          ) : (
            <TextField source={fact.source} emptyText={fact.empty} />
          )}
        </Labeled>
      ))}
    </Box>
  );
}
