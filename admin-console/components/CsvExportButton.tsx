import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import { useListContext } from 'react-admin';
import { REST_URL } from '../providers/data-provider';

/**
 * Downloads the current filtered, sorted view as CSV. The server streams it (`?format=csv`),
 * so the export is not limited to what the browser has loaded.
 */
export function CsvExportButton() {
  const { resource, filterValues, sort, total } = useListContext();
  const params = new URLSearchParams({
    format: 'csv',
    sort: JSON.stringify([sort.field, sort.order]),
    filter: JSON.stringify(filterValues ?? {}),
  });
  return (
    <Button
      size="small"
      startIcon={<DownloadIcon />}
      href={`${REST_URL}/${resource}?${params}`}
      download
      disabled={total === 0}
    >
      Export CSV
    </Button>
  );
}
