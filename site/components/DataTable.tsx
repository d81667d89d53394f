import type { ReactNode } from 'react';
import { ScrollingTable } from './ScrollingTable';

/**
 * A list as a table with a header row, or a sentence when it is empty (a table with no rows tells
 * a screen reader nothing). `cells` gives one cell per heading, in the same order.
 */
export function DataTable<Row>(props: {
  /** What the table lists: its caption, for screen readers only (a heading above says it to everyone). */
  caption: string;
  headings: readonly string[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  cells: (row: Row) => readonly ReactNode[];
  empty: ReactNode;
  testId?: string;
}) {
  if (props.rows.length === 0) return <p>{props.empty}</p>;
  return (
    <ScrollingTable caption={props.caption} className="data-table" testId={props.testId} captionHidden>
      <thead>
        <tr>
          {props.headings.map((heading) => (
            <th key={heading} scope="col">
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row) => (
          <tr key={props.rowKey(row)}>
            {props.cells(row).map((cell, i) => (
              <td key={props.headings[i]}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  );
}
