import { Box, Card, CardContent } from '@mui/material';
import { Datagrid, List, NumberField, TextField, useGetList } from 'react-admin';
import { CsvExportButton } from '../../components/CsvExportButton';
import { ScreenTitle } from '../../components/ScreenTitle';
import { Loading } from '../../layout/Loading';
import { type StateCount, StateTileMap } from './StateTileMap';

/** Users Location (VIEW_USER_LOCATION): members per state on a locally drawn map and as a table. */
export default function UsersLocation() {
  const { data, isPending } = useGetList<StateCount>('user-locations', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'id', order: 'ASC' },
  });
  return (
    <Box sx={{ pb: 4 }}>
      <ScreenTitle title="Users location" intro="Members by the state on their profile." />
      <Card variant="outlined" sx={{ mb: 3 }}>
        <CardContent>{isPending ? <Loading /> : <StateTileMap states={data ?? []} />}</CardContent>
      </Card>
      <List
        resource="user-locations"
        title=" "
        perPage={100}
        pagination={false}
        sort={{ field: 'members', order: 'DESC' }}
        actions={<CsvExportButton />}
        disableSyncWithLocation
        empty={false}
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="name" label="State" />
          <TextField source="id" label="Code" />
          <NumberField source="members" />
          <NumberField source="share" label="Share (%)" />
        </Datagrid>
      </List>
    </Box>
  );
}
