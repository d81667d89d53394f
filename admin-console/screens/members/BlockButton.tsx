import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useRecordContext } from 'react-admin';
import { GuardedButton } from '../../components/GuardedButton';
import { useConsoleAction } from '../../components/use-console-action';

interface Member {
  id: number;
  name: string;
  blocked_at: string | null;
}

/**
 * Block (with a reason) or unblock an account. Blocking signs it out everywhere and refuses
 * its sign-ins; both are audited. Security work: VIEW_SUSPICIOUS_ACTIVITY.
 */
export function BlockButton() {
  const record = useRecordContext<Member>();
  const dataProvider = useDataProvider();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const action = useConsoleAction();
  const busy = action.busy;
  if (!record) return null;

  const run = async (change: () => Promise<unknown>, done: string) => {
    const succeeded = await action.run(async () => {
      await change();
      return done;
    });
    if (succeeded) {
      setOpen(false);
      setReason('');
    }
  };
  const stop = (e: { stopPropagation: () => void }) => e.stopPropagation();

  if (record.blocked_at) {
    return (
      <GuardedButton
        permission="VIEW_SUSPICIOUS_ACTIVITY"
        size="small"
        disabled={busy}
        onClick={(e) => {
          stop(e);
          void run(
            () => dataProvider.delete('user-blocks', { id: record.id }),
            `${record.name} is unblocked`,
          );
        }}
      >
        Unblock
      </GuardedButton>
    );
  }
  return (
    <>
      <GuardedButton
        permission="VIEW_SUSPICIOUS_ACTIVITY"
        size="small"
        color="error"
        onClick={(e) => {
          stop(e);
          setOpen(true);
        }}
      >
        Block
      </GuardedButton>
      <Dialog open={open} onClose={() => setOpen(false)} onClick={stop} aria-labelledby="block-title">
        <DialogTitle id="block-title">{`Block ${record.name}?`}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label="Reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            helperText="Kept in the audit log. The account is signed out everywhere at once."
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            disabled={busy || reason.trim().length < 3}
            onClick={() =>
              run(
                () => dataProvider.create('user-blocks', { data: { user_id: record.id, reason } }),
                `${record.name} is blocked`,
              )
            }
          >
            Block account
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
