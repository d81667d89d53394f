import { z } from 'zod';
import { JOB_STATES } from '../../../contract/queue';
import { NotFoundError } from '../../../modules/errors';
import { jsonParam, MAX_PAGE, readBody } from '../lists/simple-rest';
import type { RestResource } from '../router';

/**
 * The background job queue on the tests screen (VIEW_TESTS), in ra-data-simple-rest's list
 * contract: `?range=[0,24]&filter={"state":["failed"]}`, newest first, `Content-Range` with the
 * total. The rows come from the jobs port (pg-boss's own tables), not from a Kysely list spec.
 */
const state = z.enum(JOB_STATES);
const listQuery = z.strictObject({
  range: jsonParam(
    z
      .tuple([z.number().int().min(0), z.number().int().min(0)])
      .refine(([start, end]) => end >= start && end - start < MAX_PAGE, 'not a valid page'),
  ).optional(),
  // Always newest first; react-admin sends the sort it was given.
  sort: jsonParam(z.tuple([z.literal('createdOn'), z.literal('DESC')])).optional(),
  filter: jsonParam(
    z.strictObject({
      state: z.union([state, z.array(state).max(JOB_STATES.length)]).optional(),
      queue: z.string().min(1).max(100).optional(),
    }),
  ).optional(),
});

export const jobs: RestResource = {
  name: 'jobs',
  handlers: {
    list: async (c) => {
      const query = listQuery.parse(c.req.query());
      const [start, end] = query.range ?? [0, 24];
      const states = query.filter?.state;
      const { jobs: rows, total } = await c.get('jobs').listJobs({
        states: states === undefined ? undefined : [states].flat(),
        queue: query.filter?.queue,
        offset: start,
        limit: end - start + 1,
      });
      const shown = rows.length === 0 ? '*' : `${start}-${start + rows.length - 1}`;
      c.header('Content-Range', `jobs ${shown}/${total}`);
      c.header('Access-Control-Expose-Headers', 'Content-Range');
      return c.json(rows);
    },
  },
};

/** POST {id} (RUN_TESTS): a failed job goes back in its queue and runs again. */
export const jobRetries: RestResource = {
  name: 'job-retries',
  handlers: {
    create: async (c) => {
      const { id } = await readBody(c, z.strictObject({ id: z.uuid() }));
      if (!(await c.get('jobs').retry(id))) throw new NotFoundError('No failed job with that id.');
      return c.json({ id }, 201);
    },
  },
};
