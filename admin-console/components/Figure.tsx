import { Card, CardContent, Typography } from '@mui/material';

const number = new Intl.NumberFormat('en-US');

/** One key figure on a card: a label (h2 for the screen's outline), the value and a note. */
export function Figure({
  label,
  value,
  note,
  size = 'h4',
}: {
  label: string;
  /** Numbers are grouped with commas; strings (money) are shown as given. */
  value: number | string;
  note?: string;
  size?: 'h4' | 'h5';
}) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography color="text.secondary" component="h2" variant="body2">
          {label}
        </Typography>
        <Typography variant={size} component="p">
          {typeof value === 'number' ? number.format(value) : value}
        </Typography>
        {note && (
          <Typography variant="caption" color="text.secondary">
            {note}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
