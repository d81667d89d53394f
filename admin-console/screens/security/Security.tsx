import { Box, Tab, Tabs } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { BooleanField, Datagrid, DateField, List, NumberField, SearchInput, TextField } from 'react-admin';
import { ConsolePagination } from '../../components/ConsolePagination';
import { ListActions } from '../../components/ListActions';
import { ScreenTitle } from '../../components/ScreenTitle';
import { BlockIpForm } from './BlockIpForm';
import { UnblockButton } from './UnblockButton';

const search = [<SearchInput key="q" source="q" alwaysOn />];

function SecurityList({
  resource,
  children,
  filter,
  sortField,
}: {
  resource: string;
  children: ReactNode;
  filter?: Record<string, unknown>;
  sortField: string;
}) {
  return (
    <List
      resource={resource}
      title=" "
      storeKey={`security.${resource}.${JSON.stringify(filter ?? {})}`}
      disableSyncWithLocation
      filter={filter}
      filters={filter ? undefined : search}
      actions={<ListActions filters={false} />}
      pagination={<ConsolePagination />}
      sort={{ field: sortField, order: 'DESC' }}
      empty={false}
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        {children}
      </Datagrid>
    </List>
  );
}

const TABS = [
  {
    label: 'Failed sign-ins by IP',
    panel: (
      <SecurityList resource="failed-sign-ins-by-ip" sortField="failures">
        <TextField source="ip" label="IP address" />
        <NumberField source="failures" />
        <NumberField source="rate_limited" label="Rate limited" />
        <NumberField source="accounts" label="Accounts tried" />
        <DateField source="last_at" label="Last attempt" showTime />
        <BooleanField source="blocked" />
      </SecurityList>
    ),
  },
  {
    label: 'Failed sign-ins by account',
    panel: (
      <SecurityList resource="failed-sign-ins-by-account" sortField="failures">
        <TextField source="email" />
        <NumberField source="failures" />
        <NumberField source="rate_limited" label="Rate limited" />
        <NumberField source="addresses" label="Addresses" />
        <DateField source="last_at" label="Last attempt" showTime />
        <BooleanField source="blocked" />
      </SecurityList>
    ),
  },
  {
    label: 'Rate-limit hits',
    panel: (
      <SecurityList resource="sign-in-attempts" filter={{ reason: 'rate_limited' }} sortField="created_at">
        <DateField source="created_at" label="When" showTime />
        <TextField source="ip" label="IP address" />
        <TextField source="email" />
      </SecurityList>
    ),
  },
  {
    label: 'Blocked IPs',
    panel: (
      <>
        <BlockIpForm />
        <SecurityList resource="ip-blocks" sortField="created_at">
          <TextField source="ip" label="IP address" />
          <TextField source="reason" />
          <TextField source="blocked_by" label="Blocked by" emptyText="—" />
          <DateField source="created_at" label="Since" showTime />
          <UnblockButton resource="ip-blocks" />
        </SecurityList>
      </>
    ),
  },
  {
    label: 'Blocked accounts',
    panel: (
      <SecurityList resource="user-blocks" sortField="blocked_at">
        <TextField source="name" />
        <TextField source="email" />
        <TextField source="blocked_reason" label="Reason" />
        <DateField source="blocked_at" label="Since" showTime />
        <UnblockButton resource="user-blocks" />
      </SecurityList>
    ),
  },
];

/** Security (VIEW_SUSPICIOUS_ACTIVITY): failed sign-ins, rate-limit hits, blocked addresses and accounts. */
export default function Security() {
  const [tab, setTab] = useState(0);
  return (
    <Box sx={{ pb: 4 }}>
      <ScreenTitle
        title="Suspicious activity"
        intro="Failed sign-ins over the last 30 days, and what is blocked now."
      />
      <Tabs
        value={tab}
        onChange={(_e, v: number) => setTab(v)}
        variant="scrollable"
        aria-label="Security views"
      >
        {TABS.map((t, i) => (
          <Tab key={t.label} label={t.label} id={`security-tab-${i}`} aria-controls={`security-panel-${i}`} />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id={`security-panel-${tab}`}
        aria-labelledby={`security-tab-${tab}`}
        sx={{ pt: 1 }}
      >
        {TABS[tab]?.panel}
      </Box>
    </Box>
  );
}
