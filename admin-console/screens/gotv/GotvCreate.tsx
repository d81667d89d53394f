import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  MenuItem,
  TextField,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useDataProvider, useGetList, useNotify, useRedirect } from 'react-admin';
import { ENGAGED_WINDOWS, engagedLabel } from '../../../api/contract/engaged-audiences';
import {
  SEGMENT_MEMBER_KIND_LABEL,
  SEGMENT_MEMBER_KINDS,
  SEGMENT_PLANS,
  type SegmentMemberKind,
  type SegmentPlan,
  segmentPlanLabel,
} from '../../../api/contract/gotv';
import { ScreenTitle } from '../../components/ScreenTitle';
import { useReferenceChoices } from '../../components/use-reference-list';
import { ComposeButtons, ConfirmSendDialog } from '../donor-emails/ComposeParts';
import { EmailPreview, type Preview } from '../donor-emails/EmailPreview';
import { AudienceKindSelect, EventSelect } from './EventAudienceFields';

interface Pick {
  id: number;
  name: string;
}

type Errors = Record<string, string | undefined>;

const people = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'person' : 'people'}`;

/** "Send to 1,204 people; 3 suppressed" */
export function sizeText(p: { recipients: number; suppressed: number }): string {
  return `Send to ${people(p.recipients)}; ${p.suppressed} suppressed`;
}

function Checks<T extends string>(props: {
  legend: string;
  options: readonly T[];
  label: (v: T) => string;
  value: T[];
  onChange: (v: T[]) => void;
  error?: string;
}) {
  return (
    <FormControl component="fieldset" error={Boolean(props.error)}>
      <FormLabel component="legend">{props.legend}</FormLabel>
      <FormGroup row>
        {props.options.map((o) => (
          <FormControlLabel
            key={o}
            label={props.label(o)}
            control={
              <Checkbox
                checked={props.value.includes(o)}
                onChange={(e) =>
                  props.onChange(e.target.checked ? [...props.value, o] : props.value.filter((v) => v !== o))
                }
              />
            }
          />
        ))}
      </FormGroup>
      {props.error && <FormHelperText>{props.error}</FormHelperText>}
    </FormControl>
  );
}

interface Segment {
  states: string[];
  kinds: SegmentMemberKind[];
  plans: SegmentPlan[];
  followersOf: string;
  donorsOf: string;
  /** 30, 60 or 90: the engaged audience instead of the conditions (api/contract/engaged-audiences.ts). */
  engagedDays: string;
  /** '' for the segment; an event audience's kind otherwise (EventAudienceFields.tsx). */
  audience: string;
  eventId: string;
}

interface Content {
  fromName: string;
  subject: string;
  body: string;
}

type Size = { audience: string; recipients: number; suppressed: number };

/** The segment as the API reads it: an unchosen candidate or campaign is left out. */
const segmentPayload = (segment: Segment) => ({
  states: segment.states,
  kinds: segment.kinds,
  plans: segment.plans,
  ...(segment.followersOf && { followersOf: Number(segment.followersOf) }),
  ...(segment.donorsOf && { donorsOf: Number(segment.donorsOf) }),
  // The engaged list is one of the segment's choices: an event audience leaves it out.
  ...(!segment.audience && segment.engagedDays && { engagedDays: Number(segment.engagedDays) }),
  ...(segment.audience && { audience: segment.audience, eventId: segment.eventId || undefined }),
});

/** The first 500 of a console list by name: the candidates and campaigns a segment may name. */
const useNamedChoices = (resource: string) =>
  useGetList<Pick>(resource, { pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' } })
    .data ?? [];

/**
 * The screen's state and its three calls (Count, Preview, Send). An edit forgets what it makes
 * stale (a segment edit the size and the preview, a content edit the preview); a refused call
 * shows the API's field errors, or else a notice.
 */
function useGotvEmail() {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const redirect = useRedirect();
  const [segment, setSegment] = useState<Segment>({
    states: [],
    kinds: [],
    plans: [],
    followersOf: '',
    donorsOf: '',
    engagedDays: '',
    audience: '',
    eventId: '',
  });
  const [content, setContent] = useState<Content>({ fromName: '', subject: '', body: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [size, setSize] = useState<Size | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const editSegment = (patch: Partial<Segment>) => {
    setSegment({ ...segment, ...patch });
    setSize(null);
    setPreview(null);
  };
  const editContent = (patch: Partial<Content>) => {
    setContent({ ...content, ...patch });
    setPreview(null);
  };
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setErrors({});
    try {
      await work();
    } catch (error) {
      const sent = (error as { body?: { errors?: Record<string, string> } }).body;
      if (sent?.errors) setErrors(sent.errors);
      else notify((error as Error).message, { type: 'error' });
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };

  const count = () =>
    run(async () => {
      const { data } = await dataProvider.create('gotv-segment-sizes', { data: segmentPayload(segment) });
      setSize(data as never);
    });
  const showPreview = (event: FormEvent) => {
    event.preventDefault();
    return run(async () => {
      const { data } = await dataProvider.create('gotv-email-previews', {
        data: { ...segmentPayload(segment), ...content },
      });
      setPreview(data as Preview);
      setSize(data as never);
    });
  };
  const send = () =>
    run(async () => {
      await dataProvider.create('mass-emails', { data: { ...segmentPayload(segment), ...content } });
      notify('Your GOTV email is queued.', { type: 'success' });
      redirect('list', 'GOTV');
    });

  return {
    segment,
    content,
    errors,
    size,
    preview,
    confirming,
    setConfirming,
    busy,
    editSegment,
    editContent,
    count,
    showPreview,
    send,
  };
}

/** A select of one candidate or campaign, or the first item ("Any ... or none") for no condition. */
function NamedSelect(props: {
  label: string;
  any: string;
  value: string;
  choices: Pick[];
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      select
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
    >
      <MenuItem value="">{props.any}</MenuItem>
      {props.choices.map((c) => (
        <MenuItem key={c.id} value={String(c.id)}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The segment's conditions; the lists they choose from are loaded here, the screen needs none. */
function SegmentFields({ segment, edit }: { segment: Segment; edit: (patch: Partial<Segment>) => void }) {
  const states = useReferenceChoices('states');
  const candidates = useNamedChoices('gotv-candidates');
  const campaigns = useNamedChoices('donor-email-campaigns');
  return (
    <>
      <TextField
        select
        label="States"
        value={segment.states}
        slotProps={{ select: { multiple: true } }}
        onChange={(e) => edit({ states: e.target.value as unknown as string[] })}
        helperText="Any of these states; none chosen means every state."
      >
        {states.map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {s.name}
          </MenuItem>
        ))}
      </TextField>
      <Checks
        legend="Kind of member"
        options={SEGMENT_MEMBER_KINDS}
        label={(k) => SEGMENT_MEMBER_KIND_LABEL[k]}
        value={segment.kinds}
        onChange={(kinds) => edit({ kinds })}
      />
      <Checks
        legend="Membership plan"
        options={SEGMENT_PLANS}
        label={segmentPlanLabel}
        value={segment.plans}
        onChange={(plans) => edit({ plans })}
      />
      <NamedSelect
        label="Followers of"
        any="Any candidate or none"
        value={segment.followersOf}
        choices={candidates}
        onChange={(followersOf) => edit({ followersOf })}
      />
      <NamedSelect
        label="Donors to"
        any="Any campaign or none"
        value={segment.donorsOf}
        choices={campaigns}
        onChange={(donorsOf) => edit({ donorsOf })}
      />
      <TextField
        select
        label="Engaged people"
        value={segment.engagedDays}
        onChange={(e) => edit({ engagedDays: e.target.value })}
        helperText="Send to your engaged list first: everyone who clicked one of our emails or gave lately (the conditions above are then not used)."
      >
        <MenuItem value="">Not only engaged people</MenuItem>
        {ENGAGED_WINDOWS.map((days) => (
          <MenuItem key={days} value={String(days)}>
            {engagedLabel(days)}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}

/** The Segment section: its conditions, the error the API gave about them, and Count with its answer. */
function SegmentSection({ email }: { email: ReturnType<typeof useGotvEmail> }) {
  const { errors, size } = email;
  const segmentError =
    errors.segment ??
    errors.audience ??
    errors.eventId ??
    Object.entries(errors).find(([k]) => k.startsWith('states'))?.[1];
  return (
    <Box component="section" aria-label="Segment" sx={{ display: 'grid', gap: 2, mb: 3 }}>
      <AudienceKindSelect
        value={email.segment.audience}
        onChange={(audience) => email.editSegment({ audience })}
      />
      {email.segment.audience === 'event-signups' && (
        <EventSelect value={email.segment.eventId} onChange={(eventId) => email.editSegment({ eventId })} />
      )}
      {email.segment.audience === '' && <SegmentFields segment={email.segment} edit={email.editSegment} />}
      {segmentError && (
        <Alert severity="error" role="alert">
          {segmentError}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        <Button variant="outlined" onClick={email.count} disabled={email.busy}>
          Count
        </Button>
        {size && (
          <Alert
            severity={size.recipients > 0 ? 'info' : 'warning'}
            sx={{ flex: 1 }}
            data-testid="segment-size"
          >
            {size.audience}: {sizeText(size)}
          </Alert>
        )}
      </Box>
    </Box>
  );
}

/** The Compose form: sender, subject and message; submitting it shows the preview. */
function ComposeForm({ email }: { email: ReturnType<typeof useGotvEmail> }) {
  const { content, errors, editContent, preview } = email;
  return (
    <Box component="form" onSubmit={email.showPreview} aria-label="Compose" sx={{ display: 'grid', gap: 2 }}>
      <TextField
        label="From name (optional)"
        value={content.fromName}
        onChange={(e) => editContent({ fromName: e.target.value })}
        error={Boolean(errors.fromName)}
        helperText={errors.fromName ?? 'Shown as the sender; Campaign HQ when empty.'}
      />
      <TextField
        label="Subject"
        value={content.subject}
        onChange={(e) => editContent({ subject: e.target.value })}
        error={Boolean(errors.subject)}
        helperText={errors.subject}
      />
      <TextField
        label="Message"
        value={content.body}
        onChange={(e) => editContent({ body: e.target.value })}
        multiline
        minRows={8}
        error={Boolean(errors.body)}
        helperText={
          errors.body ??
          "Write {{firstName}} for the member's first name. A paragraph that is only # Words is a heading, [Label](https://…) a button, ![What it shows](https://…) an image, [$25, $50](donation link) amount buttons."
        }
      />
      <ComposeButtons
        busy={email.busy}
        preview={preview}
        sendLabel={preview ? `Send to ${people(preview.recipients)}` : 'Send'}
        onSend={() => email.setConfirming(true)}
      />
    </Box>
  );
}

/**
 * A GOTV email (docs/decisions/0032-gotv-and-candidate-emails.md): the segment (every condition given must hold), its size
 * (Count), the email and its preview as the first recipient reads it, then Send after a confirm.
 */
export default function GotvCreate() {
  const email = useGotvEmail();
  const { preview, busy } = email;
  return (
    <Box sx={{ pb: 4, maxWidth: 860 }}>
      <ScreenTitle
        title="New GOTV email"
        intro="Choose who receives it: every condition you set must hold. Unsubscribed and bounced addresses are skipped."
      />
      <SegmentSection email={email} />
      <ComposeForm email={email} />

      {preview && <EmailPreview preview={preview} summary={sizeText(preview)} />}

      <ConfirmSendDialog
        open={email.confirming}
        summary={preview ? `${preview.audience}. ${sizeText(preview)}.` : ''}
        busy={busy}
        onClose={() => email.setConfirming(false)}
        onConfirm={email.send}
      />
    </Box>
  );
}
