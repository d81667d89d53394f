import { Button } from '@mui/material';
import { useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';

/** Removes an IP block or an account block (the resource says which); audited by the server. */
export function UnblockButton({ resource }: { resource: 'ip-blocks' | 'user-blocks' }) {
  const record = useRecordContext<{ id: string | number }>();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!record) return null;
  return (
    <Button
      size="small"
      onClick={async () => {
        try {
          await dataProvider.delete(resource, { id: record.id });
          notify(`${record.id} is unblocked`, { type: 'success' });
          refresh();
        } catch (error) {
          notify((error as Error).message, { type: 'error' });
        }
      }}
    >
      Unblock
    </Button>
  );
}
