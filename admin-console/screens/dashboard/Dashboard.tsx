import { Box, Card, CardContent, Typography } from '@mui/material';
import { useGetOne } from 'react-admin';
import type { DashboardSummary } from '../../../api/contract/dashboard';
import { Figure } from '../../components/Figure';
import { ScreenTitle } from '../../components/ScreenTitle';
import { Loading } from '../../layout/Loading';
import { SupportQueueLink } from '../support-tickets/SupportQueueLink';
import { RevenueFigures } from './RevenueFigures';
import { SignupChart } from './SignupChart';

/** The console's home (VIEW_DASHBOARD): key figures and sign-ups over the last twelve months. */
export default function Dashboard() {
  const { data, isPending, error } = useGetOne<DashboardSummary>('dashboard', { id: 'summary' });
  if (isPending) return <Loading />;
  if (error || !data) return <Typography role="alert">The figures could not be loaded.</Typography>;
  return (
    <Box sx={{ pb: 4 }}>
      <ScreenTitle title="Dashboard" intro="Members and activity across Campaign HQ." />
      <SupportQueueLink />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))' }}>
        <Figure label="Members" value={data.members} note={`${data.newMembersLast30Days} new in 30 days`} />
        <Figure label="Organizations" value={data.organizations} />
        <Figure label="Candidates" value={data.candidates} />
        <Figure label="Paid members" value={data.paidMembers} />
        <Figure label="Open red flags" value={data.openRedFlags} />
        <Figure label="Blocked accounts" value={data.blockedAccounts} />
        <Figure
          label="Shop orders (30 days)"
          value={data.ordersLast30Days}
          note={`${data.ordersToFulfil} waiting to ship`}
        />
      </Box>
      <RevenueFigures />
      <Card variant="outlined" sx={{ mt: 3 }}>
        <CardContent>
          <Typography component="h2" variant="h6" gutterBottom>
            New sign-ups per month
          </Typography>
          <SignupChart data={data.signupsByMonth} />
          <Box component="table" sx={{ mt: 1, fontSize: 13, borderCollapse: 'collapse' }}>
            <caption style={{ textAlign: 'left' }}>Sign-ups by month</caption>
            <tbody>
              <tr>
                {data.signupsByMonth.map((m) => (
                  <th key={m.month} scope="col" style={{ padding: '0 6px', fontWeight: 500 }}>
                    {m.month}
                  </th>
                ))}
              </tr>
              <tr>
                {data.signupsByMonth.map((m) => (
                  <td key={m.month} style={{ padding: '0 6px', textAlign: 'center' }}>
                    {m.count}
                  </td>
                ))}
              </tr>
            </tbody>
          </Box>
        </CardContent>
      </Card>
      {data.notYetAvailable.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Not available yet: {data.notYetAvailable.join(', ')}.
        </Typography>
      )}
    </Box>
  );
}
