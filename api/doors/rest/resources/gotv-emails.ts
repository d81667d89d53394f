import { z } from 'zod';
import { ENGAGED_PEOPLE } from '../../../contract/engaged-audiences';
import { gotvEventsSpec } from '../../../modules/events/events-list';
import { oneRecord } from '../../../modules/lists/list-rows';
import { gotvCandidatesSpec } from '../../../modules/mass-email/gotv-candidate-list';
import { composeInput } from '../../../modules/mass-email/schema';
import { massEmailsSpec } from '../../../modules/mass-email/send-list';
import { countAudience, previewSend, queueSend, resolveAudience } from '../../../modules/mass-email/sends';
import { GOTV_SEGMENT } from '../../../modules/mass-email-audiences';
import { eventAudienceRef } from '../../../modules/mass-email-audiences/event-audience-refs';
import { hitRateLimit } from '../../../modules/rate-limits/service';
import { listResponse, readBody } from '../lists/simple-rest';
import type { RestContext, RestResource } from '../router';
import {
  cancelHandler,
  massEmailDeps,
  PREVIEW_LIMIT,
  SEND_LIMIT,
  sendWithClicksHandler,
} from './mass-email-sends';

/**
 * Mass Emails, /admin/GOTV (docs/product/spec.md §2 "Marketing"; docs/decisions/0032-gotv-and-candidate-emails.md): staff with
 * EMAIL_CAMPAIGN_DONATIONS send GOTV email to a segment (the 'gotv-segment' audience checks its
 * fields) and see every mass email with its progress: GOTV, donor emails and candidates' emails.
 */
const SEGMENT_FIELDS = ['states', 'kinds', 'plans', 'followersOf', 'donorsOf'] as const;

/** The segment's fields as they came; the audience's own zod checks them (field errors by name). */
function segmentRef(body: Record<string, unknown>) {
  // The engaged list instead of a segment (docs/decisions/0099): its own audience checks the days.
  if (body.engagedDays != null) return { kind: ENGAGED_PEOPLE, params: { days: body.engagedDays } };
  const eventPeople = eventAudienceRef(body);
  if (eventPeople) return eventPeople;
  const params = Object.fromEntries(SEGMENT_FIELDS.filter((k) => body[k] != null).map((k) => [k, body[k]]));
  return { kind: GOTV_SEGMENT, params };
}

const anyBody = z.looseObject({});
const gotvEmailInput = composeInput.loose();

async function readSegmentBody(c: RestContext, withContent: boolean) {
  const body = (await readBody(c, withContent ? gotvEmailInput : anyBody)) as Record<string, unknown>;
  return {
    ref: segmentRef(body),
    content: composeInput.parse(withContent ? body : { subject: '-', body: '-' }),
  };
}

export const massEmails: RestResource = {
  name: 'mass-emails',
  handlers: {
    list: (c) => listResponse(c, c.get('db'), massEmailsSpec),
    getOne: sendWithClicksHandler(massEmailsSpec),
    /** A GOTV send to a segment: the recipient list is fixed now (INSERT … SELECT), the queue delivers it. */
    create: async (c) => {
      const { ref, content } = await readSegmentBody(c, true);
      await hitRateLimit(c.get('db'), SEND_LIMIT, String(c.get('actor').id));
      const send = await queueSend(massEmailDeps(c), ref, content, c.get('actor'));
      return c.json(await oneRecord(c.get('db'), massEmailsSpec, String(send.id)), 201);
    },
    update: cancelHandler(massEmailsSpec),
  },
};

/** POST a segment: its label and size now (who would receive it, who is suppressed); stores nothing. */
export const gotvSegmentSizes: RestResource = {
  name: 'gotv-segment-sizes',
  handlers: {
    create: async (c) => {
      const { ref } = await readSegmentBody(c, false);
      await hitRateLimit(c.get('db'), PREVIEW_LIMIT, String(c.get('actor').id));
      const deps = massEmailDeps(c);
      const resolved = await resolveAudience(deps, ref);
      const count = await countAudience(deps.db, resolved);
      return c.json({ id: 'segment', audience: resolved.description.label, ...count }, 200);
    },
  },
};

/** POST a segment and the email: the size and the email as its first recipient reads it. */
export const gotvEmailPreviews: RestResource = {
  name: 'gotv-email-previews',
  handlers: {
    create: async (c) => {
      const { ref, content } = await readSegmentBody(c, true);
      await hitRateLimit(c.get('db'), PREVIEW_LIMIT, String(c.get('actor').id));
      const preview = await previewSend(massEmailDeps(c), ref, content);
      return c.json({ id: 'preview', ...preview }, 200);
    },
  },
};

/** Events to pick "signed up for event X" from (decision 0101). */
export const gotvEvents: RestResource = {
  name: 'gotv-events',
  handlers: { list: (c) => listResponse(c, c.get('db'), gotvEventsSpec) },
};

export const gotvCandidates: RestResource = {
  name: 'gotv-candidates',
  handlers: { list: (c) => listResponse(c, c.get('db'), gotvCandidatesSpec) },
};
