import { Box, Button, TextField } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';

/** Blocks an address for the whole site; the server refuses the address you are using. */
export function BlockIpForm({ initialIp = '' }: { initialIp?: string }) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [ip, setIp] = useState(initialIp);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await dataProvider.create('ip-blocks', { data: { ip: ip.trim(), reason } });
      notify(`${ip.trim()} is blocked`, { type: 'success' });
      setIp('');
      setReason('');
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box
      component="form"
      onSubmit={submit}
      aria-label="Block an IP address"
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', my: 2 }}
    >
      <TextField
        size="small"
        label="IP address"
        value={ip}
        onChange={(e) => setIp(e.target.value)}
        required
      />
      <TextField
        size="small"
        label="Reason"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        required
      />
      <Button
        type="submit"
        variant="contained"
        color="error"
        disabled={busy || !ip.trim() || reason.trim().length < 3}
      >
        Block IP
      </Button>
    </Box>
  );
}
