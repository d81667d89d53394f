import { Box, MenuItem, TextField } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useDataProvider, useGetList, useNotify, useRedirect } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { ScreenTitle } from '../../components/ScreenTitle';
import { ComposeButtons, ConfirmSendDialog } from './ComposeParts';
import { EmailPreview, type Preview } from './EmailPreview';

interface Campaign {
  id: number;
  name: string;
  candidate_name: string | null;
  donors: number;
}

type Field = 'campaignId' | 'subject' | 'body' | 'fromName' | 'audience';
type FieldErrors = Partial<Record<Field, string>>;

const donors = (n: number) => `${n} ${n === 1 ? 'donor' : 'donors'}`;

/** "Send to 57 donors; 3 suppressed" */
export function countText(p: Pick<Preview, 'recipients' | 'suppressed'>): string {
  return `Send to ${donors(p.recipients)}; ${p.suppressed} suppressed`;
}

/**
 * Compose an email to a campaign's donors (docs/decisions/0022-mass-email.md): the campaign (prefilled from
 * ?campaignId), subject and message with {{firstName}}; Preview shows the email as the first
 * recipient reads it and the count; Send asks for confirmation, then queues it.
 */
export default function DonorEmailCreate() {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const redirect = useRedirect();
  const query = new URLSearchParams(useLocation().search);
  const [campaignId, setCampaignId] = useState(query.get('campaignId') ?? '');
  const [fromName, setFromName] = useState('');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [preview, setPreview] = useState<Preview | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const { data: campaigns = [] } = useGetList<Campaign>('donor-email-campaigns', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' },
  });

  const payload = () => ({ campaignId: Number(campaignId) || 0, fromName, subject, body });
  const failed = (error: unknown) => {
    const sent = (error as { body?: { errors?: FieldErrors } }).body;
    if (sent?.errors) setErrors(sent.errors);
    else notify((error as Error).message, { type: 'error' });
  };
  // Any edit makes the preview stale: Send waits for a new one.
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setPreview(null);
  };

  const showPreview = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const { data } = await dataProvider.create<Preview & { id: string }>('donor-email-previews', {
        data: payload(),
      });
      setPreview(data);
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  const send = async () => {
    setBusy(true);
    try {
      await dataProvider.create('donor-emails', { data: payload() });
      notify('Your email is queued.', { type: 'success' });
      redirect('list', 'donor-emails');
    } catch (error) {
      setConfirming(false);
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ pb: 4, maxWidth: 800 }}>
      <ScreenTitle
        title="Email a campaign's donors"
        intro="Everyone who made a paid gift to the campaign gets one copy. Unsubscribed and bounced addresses are skipped."
      />
      <Box component="form" onSubmit={showPreview} aria-label="Compose" sx={{ display: 'grid', gap: 2 }}>
        <TextField
          select
          label="Campaign"
          value={campaigns.some((c) => String(c.id) === campaignId) ? campaignId : ''}
          onChange={(e) => edit(setCampaignId)(e.target.value)}
          error={Boolean(errors.campaignId ?? errors.audience)}
          helperText={errors.campaignId ?? errors.audience}
        >
          {campaigns.map((c) => (
            <MenuItem key={c.id} value={String(c.id)}>
              {c.name}
              {c.candidate_name ? ` (${c.candidate_name})` : ''} · {donors(c.donors)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="From name (optional)"
          value={fromName}
          onChange={(e) => edit(setFromName)(e.target.value)}
          error={Boolean(errors.fromName)}
          helperText={errors.fromName ?? 'Shown as the sender; Campaign HQ when empty.'}
        />
        <TextField
          label="Subject"
          value={subject}
          onChange={(e) => edit(setSubject)(e.target.value)}
          error={Boolean(errors.subject)}
          helperText={errors.subject}
        />
        <TextField
          label="Message"
          value={body}
          onChange={(e) => edit(setBody)(e.target.value)}
          multiline
          minRows={8}
          error={Boolean(errors.body)}
          helperText={
            errors.body ??
            "Write {{firstName}} for the donor's first name. A paragraph that is only # Words is a heading, [Label](https://…) a button, ![What it shows](https://…) an image, [$25, $50](donation link) amount buttons."
          }
        />
        <ComposeButtons
          busy={busy}
          preview={preview}
          sendLabel={preview ? `Send to ${donors(preview.recipients)}` : 'Send'}
          onSend={() => setConfirming(true)}
        />
      </Box>

      {preview && <EmailPreview preview={preview} summary={countText(preview)} />}

      <ConfirmSendDialog
        open={confirming}
        summary={preview ? `${countText(preview)}.` : ''}
        busy={busy}
        onClose={() => setConfirming(false)}
        onConfirm={send}
      />
    </Box>
  );
}
