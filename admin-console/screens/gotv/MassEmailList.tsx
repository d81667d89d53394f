import { CreateButton } from 'react-admin';
import { SendList } from '../donor-emails/SendList';

/** Every mass email, newest first: GOTV, donor and candidates' emails, with progress and report. */
export default function MassEmailList() {
  return (
    <SendList
      resource="mass-emails"
      title="Mass Emails"
      intro="GOTV emails to a segment of members, donor emails and candidates' emails to their people. Each address gets one copy; unsubscribed and bounced addresses are skipped."
      compose={<CreateButton resource="GOTV" label="New GOTV email" />}
      emptyText="No mass emails sent yet."
    />
  );
}
