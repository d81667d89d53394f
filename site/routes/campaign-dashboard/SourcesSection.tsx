import { dollars } from '../../../api/contract/money';
import { type SourceRow, sourceLabel } from '../../../api/modules/campaign-dashboard/by-source';
import { DataTable } from '../../components/DataTable';
import { TitledSection } from '../../server/form-section';

/**
 * "By source" (docs/decisions/0094-refcodes-and-honest-monthly.md): paid gifts per refcode and per
 * email send, with the CSV. The rows' money adds up to "Raised".
 */
export function SourcesSection({ sources }: { sources: SourceRow[] }) {
  return (
    <TitledSection headingId="sources-heading" title="By source">
      <p>
        Each donation link can carry a <code>refcode</code> (for example <code>?refcode=spring-mailer</code>);
        your emails add one for each send by themselves.
      </p>
      <DataTable
        testId="sources"
        caption="Gifts by source"
        headings={['Source', 'Gifts', 'Money', 'Donors', 'New monthly gifts']}
        rows={sources}
        rowKey={(r) => r.refcode ?? ''}
        cells={(r) => [
          sourceLabel(r),
          r.gifts.toLocaleString('en-US'),
          dollars(r.cents),
          r.donors.toLocaleString('en-US'),
          r.newMonthly.toLocaleString('en-US'),
        ]}
        empty="No gifts yet."
      />
      {sources.length > 0 && (
        <p>
          <a href="/campaign-dashboard/sources.csv" download data-testid="sources-csv">
            Download gifts by source (CSV)
          </a>
        </p>
      )}
    </TitledSection>
  );
}
