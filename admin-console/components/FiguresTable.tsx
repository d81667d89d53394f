import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A report's figures as a table: the first column names the row (a day, a month) and is its row
 * header; every other column is a right-aligned figure. The revenue screens show their chart's
 * numbers this way, so a screen reader (and anyone who wants the exact amounts) reads them.
 */
export function FiguresTable({
  labelledBy,
  columns,
  rows,
}: {
  /** The id of the heading that names the table. */
  labelledBy: string;
  /** The first is the row label's column; the rest are figures. */
  columns: readonly string[];
  rows: readonly { key: string; cells: readonly ReactNode[] }[];
}) {
  const [labelColumn, ...figureColumns] = columns;
  return (
    <Table size="small" aria-labelledby={labelledBy}>
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">
            {labelColumn}
          </TableCell>
          {figureColumns.map((column) => (
            <TableCell key={column} component="th" scope="col" align="right">
              {column}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map(({ key, cells: [label, ...figures] }) => (
          <TableRow key={key}>
            <TableCell component="th" scope="row">
              {label}
            </TableCell>
            {figures.map((figure, i) => (
              <TableCell key={figureColumns[i]} align="right">
                {figure}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
