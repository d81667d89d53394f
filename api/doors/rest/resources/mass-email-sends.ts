import { z } from 'zod';
import { ValidationError } from '../../../modules/errors';
import { oneRecord } from '../../../modules/lists/list-rows';
import { type ListSpec, parseId } from '../../../modules/lists/list-spec';
import { clicksByLink } from '../../../modules/mass-email/send-report';
import { cancelSend } from '../../../modules/mass-email/sends';
import { appMassEmailAudiences } from '../../../modules/mass-email-audiences';
import { readBody } from '../lists/simple-rest';
import type { RestContext } from '../router';

/**
 * What the console's mass email screens share (docs/decisions/0022-mass-email.md, 0032): the module's
 * dependencies, the rate limits, and cancelling. A send's row is api/modules/mass-email/send-list.ts.
 */
export function massEmailDeps(c: RestContext) {
  const config = c.get('config');
  return {
    db: c.get('db'),
    jobs: c.get('jobs'),
    audiences: appMassEmailAudiences(),
    links: config,
  };
}

/** Staff sends: 20 an hour each; previews and counts: 300 in 10 minutes. */
export const SEND_LIMIT = { name: 'mass-email-send', limit: 20, windowSeconds: 60 * 60 };
export const PREVIEW_LIMIT = { name: 'mass-email-preview', limit: 300, windowSeconds: 10 * 60 };

/** PUT {status: 'cancelled'}: the one change a send takes once queued (react-admin sends the record). */
export function cancelHandler<Row, Shape extends z.ZodRawShape>(spec: ListSpec<Row, Shape>) {
  return async (c: RestContext) => {
    const rawId = c.req.param('id') ?? '';
    const id = Number(parseId(spec, rawId));
    await readBody(
      c,
      z.looseObject({ status: z.literal('cancelled', { error: 'A send can only be cancelled.' }) }),
    );
    await oneRecord(c.get('db'), spec, rawId);
    if (!(await cancelSend(c.get('db'), id, c.get('actor')))) {
      throw new ValidationError({ status: ['This email has already finished.'] });
    }
    return c.json(await oneRecord(c.get('db'), spec, rawId));
  };
}

/** GET one send: its row (the report's totals) and its clicks by link (docs/decisions/0099). */
export function sendWithClicksHandler<Row, Shape extends z.ZodRawShape>(spec: ListSpec<Row, Shape>) {
  return async (c: RestContext) => {
    const rawId = c.req.param('id') ?? '';
    const row = await oneRecord(c.get('db'), spec, rawId);
    return c.json({ ...row, links: await clicksByLink(c.get('db'), Number(parseId(spec, rawId))) });
  };
}
