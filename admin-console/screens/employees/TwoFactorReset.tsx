import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, useDataProvider, useGetIdentity, useRecordContext } from 'react-admin';
import { useConsoleAction } from '../../components/use-console-action';
import { useHasPermission } from '../../layout/RequirePermission';
import { twoFactorLabel } from './choices';

interface Employee {
  id: number;
  name: string;
  two_factor_enrolled: boolean;
}

/**
 * Two-factor sign-in of an employee, and its reset for one who lost their authenticator app and
 * recovery codes (MANAGE_EMPLOYEES; docs/decisions/0040-staff-two-factor-sign-in.md). The reset
 * ends their sessions; their next sign-in asks them to set it up again. Not for oneself: that is
 * turning it off with a code, from one's own account.
 */
export function TwoFactorReset() {
  const record = useRecordContext<Employee>();
  const { identity } = useGetIdentity();
  const allowed = useHasPermission('MANAGE_EMPLOYEES');
  const dataProvider = useDataProvider();
  const action = useConsoleAction();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  const self = identity?.id === record.id;
  const enrolled = record.two_factor_enrolled;

  const reset = async () => {
    const succeeded = await action.run(async () => {
      await dataProvider.create('employee-two-factor-resets', { data: { user_id: record.id } });
      return `Two-factor sign-in of ${record.name} is reset. They will set it up again at their next sign-in.`;
    });
    if (succeeded) setOpen(false);
  };

  const explanation = self
    ? 'You cannot reset your own. To move it to a new phone, turn it off at /auth/two-factor/setup with a code from your authenticator app or a recovery code, then set it up again.'
    : enrolled
      ? 'If they lost both their authenticator app and their recovery codes, reset it: they are signed out everywhere and set it up again at their next sign-in.'
      : 'They will be asked to set it up at their next sign-in.';

  return (
    <Card variant="outlined" sx={{ m: 2 }} component="section" aria-labelledby="employee-two-factor-title">
      <CardContent>
        <Typography id="employee-two-factor-title" component="h2" variant="h6">
          Two-factor sign-in
        </Typography>
        <Typography sx={{ my: 1 }} data-testid="employee-two-factor-status">
          {twoFactorLabel(enrolled)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {explanation}
        </Typography>
        {allowed && !self && enrolled && (
          <Box sx={{ mt: 1 }}>
            <Button variant="outlined" color="error" onClick={() => setOpen(true)} disabled={action.busy}>
              Reset two-factor sign-in
            </Button>
            <Confirm
              isOpen={open}
              loading={action.busy}
              title={`Reset two-factor sign-in of ${record.name}?`}
              content="Their authenticator app and recovery codes stop working, and they are signed out everywhere. At their next sign-in they set up two-factor sign-in again. The reset is recorded in the audit log."
              confirm="Reset"
              confirmColor="primary"
              onConfirm={() => void reset()}
              onClose={() => setOpen(false)}
            />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
