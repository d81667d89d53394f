import EmailIcon from '@mui/icons-material/Email';
import { Box, Button, Typography } from '@mui/material';
import {
  Datagrid,
  DateField,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  TextField,
  TextInput,
  useGetList,
} from 'react-admin';
import { DONATION_STATUS_LABELS, type DonationStatusName } from '../../../api/contract/donation-reports';
import { dollars } from '../../../api/contract/money';
import { ConsolePagination } from '../../components/ConsolePagination';
import { ListActions } from '../../components/ListActions';
import { ScreenTitle } from '../../components/ScreenTitle';
import { useHasPermission } from '../../layout/RequirePermission';
import { STATUS_CHOICES } from './choices';

interface CampaignRow {
  id: number;
  name: string;
  goal_cents: number | null;
  raised_cents: number | string;
  archived_at: string | null;
}

interface GiftRow {
  id: number | string;
  amount_cents: number;
  status: DonationStatusName;
  recurring: boolean;
}

function useCandidateChoices() {
  const { data } = useGetList<{ id: number; name: string }>('donation-candidates', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' },
  });
  return (data ?? []).map((c) => ({ id: c.id, name: c.name }));
}

/** docs/product/rulings.md, "Campaigns": EMAIL_CAMPAIGN_DONATIONS may email a campaign's donors. */
function EmailDonorsButton({ campaign }: { campaign: CampaignRow }) {
  return (
    <Button
      size="small"
      startIcon={<EmailIcon />}
      href={`/admin/donor-emails/create?campaignId=${campaign.id}`}
      onClick={(e) => e.stopPropagation()}
      aria-label={`Email donors of ${campaign.name}`}
    >
      Email donors
    </Button>
  );
}

function Campaigns() {
  const candidates = useCandidateChoices();
  const canEmail = useHasPermission('EMAIL_CAMPAIGN_DONATIONS');
  const filters = [
    <SearchInput key="q" source="q" placeholder="Campaign name" alwaysOn />,
    <SelectInput key="candidate_id" source="candidate_id" label="Candidate" choices={candidates} alwaysOn />,
  ];
  return (
    <Box component="section" aria-labelledby="campaigns-heading" sx={{ mb: 4 }}>
      <Typography id="campaigns-heading" component="h2" variant="h6">
        Campaigns
      </Typography>
      <List
        resource="donation-campaigns"
        title=" "
        filters={filters}
        actions={<ListActions />}
        sort={{ field: 'created_at', order: 'DESC' }}
        disableSyncWithLocation
        storeKey="donation-campaigns"
        perPage={10}
      >
        <Datagrid bulkActionButtons={false} rowClick={false} aria-label="Campaigns">
          <TextField source="candidate_name" label="Candidate" />
          <TextField source="name" label="Campaign" />
          <FunctionField<CampaignRow>
            source="goal_cents"
            label="Goal"
            render={(r) => (r.goal_cents ? dollars(r.goal_cents) : '—')}
          />
          <FunctionField<CampaignRow>
            source="raised_cents"
            label="Raised"
            render={(r) => dollars(Number(r.raised_cents))}
          />
          <FunctionField<CampaignRow>
            label="Status"
            sortable={false}
            render={(r) => (r.archived_at ? 'Archived' : 'Open')}
          />
          {canEmail && (
            <FunctionField<CampaignRow>
              label="Donors"
              sortable={false}
              render={(r) => <EmailDonorsButton campaign={r} />}
            />
          )}
        </Datagrid>
      </List>
    </Box>
  );
}

function Gifts() {
  const candidates = useCandidateChoices();
  const filters = [
    <SearchInput key="q" source="q" placeholder="Reference or email" alwaysOn />,
    <SelectInput key="candidate_id" source="candidate_id" label="Candidate" choices={candidates} alwaysOn />,
    <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
    <TextInput key="from" source="from" label="From" type="date" InputLabelProps={{ shrink: true }} />,
    <TextInput key="to" source="to" label="To" type="date" InputLabelProps={{ shrink: true }} />,
  ];
  return (
    <Box component="section" aria-labelledby="gifts-heading">
      <Typography id="gifts-heading" component="h2" variant="h6">
        Gifts
      </Typography>
      <List
        resource="donations"
        title=" "
        filters={filters}
        actions={<ListActions />}
        sort={{ field: 'created_at', order: 'DESC' }}
        disableSyncWithLocation
        storeKey="donations"
        pagination={<ConsolePagination />}
      >
        <Datagrid bulkActionButtons={false} rowClick={(id) => `/campaign-donations/${id}`} aria-label="Gifts">
          <TextField source="reference" label="Reference" sortable={false} />
          <DateField source="created_at" label="Date" showTime />
          <TextField source="candidate_name" label="Candidate" sortable={false} />
          <TextField source="donor_name" label="Donor" sortable={false} />
          <FunctionField<GiftRow>
            source="amount_cents"
            label="Amount"
            render={(r) => `${dollars(r.amount_cents)}${r.recurring ? ' monthly' : ''}`}
          />
          <TextField source="election" label="Election" sortable={false} />
          <FunctionField<GiftRow>
            source="status"
            label="Status"
            render={(r) => DONATION_STATUS_LABELS[r.status] ?? r.status}
          />
        </Datagrid>
      </List>
    </Box>
  );
}

/**
 * Campaign donations (VIEW_CAMPAIGN_DONATIONS): every candidate's CampaignDonation campaigns and
 * every gift; a gift opens to its details and, for REFUND_DONATIONS, the refund (docs/decisions/0023-campaign-dashboard-and-refunds.md).
 */
export default function CampaignDonations() {
  return (
    <Box sx={{ pb: 4 }}>
      <ScreenTitle
        title="Campaign Donations"
        intro="Candidates' campaigns and every gift. Open a gift to see it in full or refund it."
      />
      <Campaigns />
      <Gifts />
    </Box>
  );
}
