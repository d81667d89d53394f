/** A donor email as the REST resource `donor-emails` answers it (api/doors/rest/resources/donor-emails.ts). */
export interface DonorEmailSend {
  id: number;
  campaign_id: number;
  audience_label: string;
  subject: string;
  status: 'draft' | 'queued' | 'sending' | 'sent' | 'cancelled';
  total: number;
  sent_count: number;
  suppressed_count: number;
  failed_count: number;
  created_at: string;
  finished_at: string | null;
  created_by_name: string | null;
  /** The report (docs/decisions/0099): clicks on its links, paid gifts through its refcode. */
  clicks: number;
  gifts: number;
  gift_cents: number;
}

const LABELS: Record<DonorEmailSend['status'], string> = {
  draft: 'Draft',
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  cancelled: 'Cancelled',
};

export function statusLabel(send: DonorEmailSend): string {
  return LABELS[send.status];
}

/** "12 of 57 delivered" while it runs; the report once it is sent. */
export function progressText(send: DonorEmailSend): string {
  const done = send.sent_count + send.suppressed_count + send.failed_count;
  const report = `${send.sent_count} sent, ${send.suppressed_count} suppressed, ${send.failed_count} failed`;
  return send.status === 'sent' ? report : `${done} of ${send.total} done (${report})`;
}

export const isRunning = (send: DonorEmailSend) => send.status === 'queued' || send.status === 'sending';
