import { Box, Button, TextField } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { useConsoleAction } from '../../components/use-console-action';

/** Blocks an address for the whole site; the server refuses the address you are using. */
export function BlockIpForm({ initialIp = '' }: { initialIp?: string }) {
  const dataProvider = useDataProvider();
  const [ip, setIp] = useState(initialIp);
  const [reason, setReason] = useState('');
  const { busy, run } = useConsoleAction();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const blocked = await run(async () => {
      await dataProvider.create('ip-blocks', { data: { ip: ip.trim(), reason } });
      return `${ip.trim()} is blocked`;
    });
    if (blocked) {
      setIp('');
      setReason('');
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
