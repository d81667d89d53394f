import { sql } from 'kysely';
import { paidGift } from '../donations/paid-gifts';
import { defineList } from '../lists/list-spec';

/** The donor email screen (/admin/donor-emails): campaigns to pick from, with how many distinct addresses gave to each (paid gifts). */
export const donorEmailCampaignsSpec = defineList({
  resource: 'donor-email-campaigns',
  sortable: ['id', 'name', 'donors'],
  defaultSort: ['name', 'ASC'],
  filters: {},
  rows: (db) =>
    db
      .selectFrom('campaigns as c')
      .leftJoin('users as u', 'u.id', 'c.candidate_id')
      .where('c.archived_at', 'is', null)
      .select([
        'c.id',
        'c.name',
        'c.type',
        sql<
          string | null
        >`nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')`.as(
          'candidate_name',
        ),
        sql<number>`(SELECT count(DISTINCT lower(trim(d.email)))::int FROM donations d
          WHERE d.campaign_id = c.id AND ${paidGift('d')})`.as('donors'),
      ]),
});
