import {
  Box,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useGetOne } from 'react-admin';
import type { ClickTroubleReport } from '../../../api/contract/analytics-reports';
import { Loading } from '../../layout/Loading';

const number = new Intl.NumberFormat('en-US');

/**
 * Rage and dead clicks (docs/decisions/0096-heatmaps-that-hold-on-every-screen.md): per page, its
 * 10 tracked buttons and links with the most. Rage: 3 or more clicks within 700 ms and 30 px;
 * dead: a click after which nothing changed and no navigation began within a second.
 */
export function ClickTrouble({ id }: { id: string }) {
  const report = useGetOne<ClickTroubleReport>('analytics-click-trouble', { id });
  return (
    <Card variant="outlined" component="section" aria-labelledby="analytics-click-trouble">
      <CardContent>
        <Typography id="analytics-click-trouble" component="h2" variant="h6" gutterBottom>
          Rage and dead clicks
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Rage: three or more quick clicks in one spot. Dead: a click after which nothing happened for a
          second.
        </Typography>
        {report.error ? (
          <Typography role="alert">
            {report.error instanceof Error ? report.error.message : 'The figures could not be loaded.'}
          </Typography>
        ) : report.isPending || !report.data ? (
          <Loading />
        ) : report.data.pages.length === 0 ? (
          <Typography color="text.secondary">No rage or dead clicks in this period.</Typography>
        ) : (
          <Box sx={{ display: 'grid', gap: 3 }}>
            {report.data.pages.map((page) => (
              <Table key={page.path} size="small">
                <caption style={{ captionSide: 'top', textAlign: 'left', padding: '0 0 8px' }}>
                  {page.path}: {number.format(page.rage)} rage, {number.format(page.dead)} dead
                </caption>
                <TableHead>
                  <TableRow>
                    <TableCell scope="col">Element</TableCell>
                    <TableCell scope="col" align="right">
                      Rage clicks
                    </TableCell>
                    <TableCell scope="col" align="right">
                      Dead clicks
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {page.elements.map((e) => (
                    <TableRow key={e.selector}>
                      <TableCell component="th" scope="row" sx={{ wordBreak: 'break-all' }}>
                        {e.label}
                        {e.label !== e.selector && (
                          <Typography component="span" variant="body2" color="text.secondary" display="block">
                            {e.selector}
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell align="right">{number.format(e.rage)}</TableCell>
                      <TableCell align="right">{number.format(e.dead)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
