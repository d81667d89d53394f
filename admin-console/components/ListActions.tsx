import type { ReactNode } from 'react';
import { FilterButton, TopToolbar } from 'react-admin';
import { CsvExportButton } from './CsvExportButton';

/** Filters, any screen-specific buttons, and the server-side CSV export. */
export function ListActions({ children, filters = true }: { children?: ReactNode; filters?: boolean }) {
  return (
    <TopToolbar>
      {filters && <FilterButton />}
      {children}
      <CsvExportButton />
    </TopToolbar>
  );
}
