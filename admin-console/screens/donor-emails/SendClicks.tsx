import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useGetOne } from 'react-admin';
import { dollars } from '../../../api/contract/money';
import type { DonorEmailSend } from './send-status';

interface LinkClicks {
  index: number;
  target: string;
  clicks: number;
}

/** The report's totals in the list: clicks on its links, gifts through its refcode. */
export function reportText(send: DonorEmailSend): string {
  const clicks = `${send.clicks} ${send.clicks === 1 ? 'click' : 'clicks'}`;
  return `${clicks}, ${send.gifts} ${send.gifts === 1 ? 'gift' : 'gifts'} (${dollars(send.gift_cents)})`;
}

/**
 * A send's clicks by link, shown when its row is expanded (docs/decisions/0099): each recipient
 * who followed a link counts once for it. No open pixel, so there is no "opened".
 */
export function SendClicks({ resource, record }: { resource: string; record?: DonorEmailSend }) {
  const { data, isPending, error } = useGetOne<DonorEmailSend & { links: LinkClicks[] }>(resource, {
    id: record?.id,
  });
  if (isPending) return <Typography>Loading the report…</Typography>;
  if (error || !data) return <Typography color="error">The report could not be loaded.</Typography>;
  if (data.links.length === 0)
    return <Typography color="text.secondary">This email has no tracked links.</Typography>;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={`Clicks by link: ${data.subject}`}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              Link
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              People who clicked
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.links.map((link) => (
            <TableRow key={link.index}>
              <TableCell sx={{ wordBreak: 'break-all' }}>{link.target}</TableCell>
              <TableCell align="right">{link.clicks}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
