import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../../../db/client';
import { setFeatureToggle } from '../../../modules/feature-toggles/service';
import { oneRecord } from '../../../modules/lists/list-rows';
import { defineList } from '../../../modules/lists/list-spec';
import { listResponse, readBody } from '../lists/simple-rest';
import type { RestResource } from '../router';

/** Feature toggles by name; PUT {enabled} switches one (audited by the module). */
const filters = { enabled: z.boolean().optional() };

function toggleRows(db: Db, filter: { enabled?: boolean }) {
  let query = db
    .selectFrom('feature_toggles as t')
    .leftJoin('users as u', 'u.id', 't.updated_by')
    .select([
      't.name as id',
      't.name',
      't.enabled',
      't.description',
      't.updated_at',
      sql<string | null>`nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')`.as(
        'updated_by',
      ),
    ]);
  if (filter.enabled !== undefined) query = query.where('t.enabled', '=', filter.enabled);
  return query;
}

export const featureTogglesSpec = defineList({
  resource: 'feature-toggles',
  sortable: ['id', 'name', 'enabled', 'updated_at'],
  defaultSort: ['name', 'ASC'],
  filters,
  rows: toggleRows,
  id: { column: 'id', type: 'text' },
});

const switchInput = z.object({ enabled: z.boolean('Please choose on or off.') });

export const featureToggles: RestResource = {
  name: 'feature-toggles',
  handlers: {
    list: (c) => listResponse(c, c.get('db'), featureTogglesSpec),
    getOne: async (c) => c.json(await oneRecord(c.get('db'), featureTogglesSpec, c.req.param('id')!)),
    update: async (c) => {
      const name = c.req.param('id')!;
      const { enabled } = await readBody(c, switchInput);
      const actor = c.get('actor');
      await setFeatureToggle(c.get('db'), { name, enabled }, { id: actor.id, ip: actor.ip });
      return c.json(await oneRecord(c.get('db'), featureTogglesSpec, name));
    },
  },
};
