import type { Context } from 'hono';
import type { SessionUser } from '../../../api/contract/session-user';
import type { AppEnv } from '../../../api/middleware/app-env';
import { NotFoundError, ValidationError } from '../../../api/modules/errors';
import { markNoticeFiled } from '../../../api/modules/fec-reports/forty-eight-hour-notices';
import { noticeLines } from '../../../api/modules/fec-reports/notice-file';

type Ctx = Context<AppEnv>;

const noticeId = (c: Ctx) => {
  const id = c.req.param('id') ?? '';
  return /^\d{1,9}$/.test(id) ? Number(id) : null;
};

/** GET /campaign-dashboard/notices/:id/form6.fec: one of the candidate's own notices; any other id is the normal 404. */
export async function downloadNoticeFileOf(c: Ctx, candidateId: number) {
  const id = noticeId(c);
  if (id === null) return c.notFound();
  try {
    const lines = await noticeLines(c.get('db'), candidateId, id);
    return c.body(lines.join(''), 200, {
      'Content-Type': 'text/plain; charset=us-ascii',
      'Content-Disposition': `attachment; filename="form6-${id}.fec"`,
      'Cache-Control': 'no-store',
    });
  } catch (error) {
    if (error instanceof NotFoundError) return c.notFound();
    if (error instanceof ValidationError) return c.text(error.message, 409);
    throw error;
  }
}

export const downloadNoticeFile = (c: Ctx, candidate: SessionUser) => downloadNoticeFileOf(c, candidate.id);

/** POST /campaign-dashboard/notices/:id/filed: the alarm stops; later gifts start a new notice. */
export async function markFiled(c: Ctx, candidate: SessionUser) {
  const id = noticeId(c);
  if (id === null || !(await markNoticeFiled(c.get('db'), candidate.id, id))) return c.notFound();
  return c.redirect('/campaign-dashboard?saved=notice', 303);
}
