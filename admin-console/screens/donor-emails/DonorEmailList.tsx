import { CreateButton } from 'react-admin';
import { SendList } from './SendList';

/** The donor emails sent so far, newest first, with their progress and report (docs/decisions/0022-mass-email.md). */
export default function DonorEmailList() {
  return (
    <SendList
      resource="donor-emails"
      title="Donor emails"
      intro="Emails to a campaign's donors. Each address gets one copy; unsubscribed and bounced addresses are skipped."
      compose={<CreateButton label="Compose" />}
      emptyText="No donor emails sent yet."
    />
  );
}
