import {
  BooleanField,
  Datagrid,
  DateField,
  FunctionField,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectInput,
  TextField,
} from 'react-admin';
import { MEMBERSHIP_TIERS } from '../../../api/contract/membership';
import { ConsolePagination } from '../../components/ConsolePagination';
import { ListActions } from '../../components/ListActions';
import { ScreenTitle } from '../../components/ScreenTitle';
import { useReferenceChoices } from '../../components/use-reference-list';
import { BlockButton } from './BlockButton';

const ROLE_CHOICES = [
  { id: 'individual', name: 'Individual' },
  { id: 'organization', name: 'Organization' },
  { id: 'candidate', name: 'Candidate' },
  { id: 'vendor', name: 'Vendor' },
  { id: 'staff', name: 'Staff' },
];

const PAID_TIER_CHOICES = MEMBERSHIP_TIERS.filter((t) => t.monthlyCents > 0).map((t) => ({
  id: t.tier,
  name: t.name,
}));
const TIER_NAME: Record<string, string> = Object.fromEntries(MEMBERSHIP_TIERS.map((t) => [t.tier, t.name]));
const MEMBERSHIP_STATUS_CHOICES = [
  { id: 'active', name: 'Active' },
  { id: 'cancelling', name: 'Cancelling' },
  { id: 'grace', name: 'Grace' },
];
const TRACK_CHOICES = [
  { id: 'candidate', name: 'Candidate' },
  { id: 'organization', name: 'Organization' },
];
const STATUS_NAME: Record<string, string> = Object.fromEntries(
  MEMBERSHIP_STATUS_CHOICES.map((c) => [c.id, c.name]),
);

interface PaidRow {
  tier: string;
  membership_status: string;
  renews_on: string | null;
  ends_on: string | null;
}
const day = (iso: string) => iso.slice(0, 10);

/**
 * Paid users (VIEW_PAID_USERS): members whose subscription grants its tier now (docs/decisions/0024-membership.md),
 * with tier, since, renews or ends on, and status.
 */
export const PaidUsers = () => {
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder="Name or email" />,
    <SelectInput key="tier" source="tier" label="Tier" choices={PAID_TIER_CHOICES} />,
    <SelectInput
      key="status"
      source="membership_status"
      label="Status"
      choices={MEMBERSHIP_STATUS_CHOICES}
    />,
  ];
  return (
    <>
      <ScreenTitle
        title="Paid users"
        intro="Members with a paid membership: active, cancelling or in grace."
      />
      <List
        resource="paid-users"
        title=" "
        filters={filters}
        actions={<ListActions />}
        pagination={<ConsolePagination />}
        sort={{ field: 'since', order: 'DESC' }}
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="name" />
          <TextField source="email" />
          <FunctionField label="Tier" sortBy="tier" render={(r: PaidRow) => TIER_NAME[r.tier] ?? r.tier} />
          <DateField source="since" label="Since" />
          <FunctionField
            label="Renews or ends on"
            sortBy="renews_on"
            render={(r: PaidRow) =>
              r.renews_on ? `Renews ${day(r.renews_on)}` : r.ends_on ? `Ends ${day(r.ends_on)}` : '—'
            }
          />
          <FunctionField
            label="Status"
            sortBy="membership_status"
            render={(r: PaidRow) => STATUS_NAME[r.membership_status] ?? r.membership_status}
          />
        </Datagrid>
      </List>
    </>
  );
};

function MemberScreen({
  resource,
  title,
  intro,
  showTrack = false,
}: {
  resource: string;
  title: string;
  intro?: string;
  showTrack?: boolean;
}) {
  const states = useReferenceChoices('states');
  const filters = [
    ...(showTrack ? [<SelectInput key="track" source="track" label="Track" choices={TRACK_CHOICES} />] : []),
    <SearchInput key="q" source="q" alwaysOn placeholder="Name or email" />,
    <SelectInput key="state" source="state" label="State" choices={states} />,
    <SelectInput key="role" source="role" label="Role" choices={ROLE_CHOICES} />,
    <NullableBooleanInput key="blocked" source="blocked" label="Blocked" />,
  ];
  return (
    <>
      <ScreenTitle title={title} intro={intro} />
      <List
        resource={resource}
        title=" "
        filters={filters}
        actions={<ListActions />}
        pagination={<ConsolePagination />}
        sort={{ field: 'created_at', order: 'DESC' }}
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="name" />
          <TextField source="email" />
          <TextField source="role" />
          {showTrack && (
            <FunctionField
              label="Track"
              sortBy="track"
              render={(r: { track: string | null }) =>
                TRACK_CHOICES.find((c) => c.id === r.track)?.name ?? '—'
              }
            />
          )}
          <TextField source="state" emptyText="—" />
          <BooleanField source="verified" />
          <DateField source="created_at" label="Joined" />
          <FunctionField
            label="Status"
            sortBy="blocked_at"
            render={(r: { blocked_at: string | null }) => (r.blocked_at ? 'Blocked' : 'Active')}
          />
          <BlockButton />
        </Datagrid>
      </List>
    </>
  );
}

export const AllUsers = () => <MemberScreen resource="all-users" title="All users" />;
export const FreeUsers = () => (
  <MemberScreen
    resource="free-users"
    title="Free users"
    intro="Members without a paid membership."
    showTrack
  />
);
export const Organizations = () => <MemberScreen resource="organizations" title="Organizations" />;
