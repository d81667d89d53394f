import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation';
import * as m0002 from './0002_accounts';
import * as m0003 from './0003_people';
import * as m0004 from './0004_console';
import * as m0005 from './0005_messaging';
import * as m0006 from './0006_shop';
import * as m0007 from './0007_presence';
import * as m0008 from './0008_analytics';
import * as m0009 from './0009_announcements';
import * as m0010 from './0010_analytics_group_commit';
import * as m0011 from './0011_shop_checkout_guards';
import * as m0012 from './0012_secrets_and_email_retries';
import * as m0013 from './0013_job_progress';
import * as m0014 from './0014_payables';
import * as m0015 from './0015_donations';
import * as m0016 from './0016_mass_email';
import * as m0017 from './0017_membership';
import * as m0018 from './0018_name_token_keys';
import * as m0019 from './0019_job_marketplace';
import * as m0020 from './0020_support_tickets';
import * as m0021 from './0021_provider_refunds';
import * as m0022 from './0022_affiliates';
import * as m0023 from './0023_gotv';
import * as m0024 from './0024_social';
import * as m0025 from './0025_revenue_rollups';
import * as m0026 from './0026_console_list_indexes';
import * as m0027 from './0027_counters_and_monthly_pages';
import * as m0028 from './0028_staff_two_factor';
import * as m0029 from './0029_console_search_indexes';
import * as m0030 from './0030_name_token_matches_rows';
import * as m0031 from './0031_name_token_keys_plpgsql';
import * as m0032 from './0032_name_token_generation';
import * as m0033 from './0033_donor_people';
import * as m0034 from './0034_test_gateway_checkouts';
import * as m0035 from './0035_sign_in_devices';
import * as m0036 from './0036_page_data_triggers';
import * as m0037 from './0037_one_name_matcher';
import * as m0038 from './0038_fec_committees';
import * as m0039 from './0039_treasurers_and_notices';
import * as m0040 from './0040_events';
import * as m0042 from './0042_refcodes_and_giving_page';
import * as m0043 from './0043_monthly_gifts_donors_manage';
import * as m0044 from './0044_heatmap_bands_anchors';
import * as m0045 from './0045_daily_click_cells';
import * as m0046 from './0046_renewal_retries_and_dispute_invoices';
import * as m0048 from './0048_email_link_clicks';
import * as m0050 from './0050_supporters';
import * as m0052 from './0052_event_organizer_tools';

/**
 * Every migration, in order. Listed statically (not read from disk) so the same list
 * runs under tsx, in tests and in a bundled build. Never edit one that has landed:
 * add the next number instead.
 */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_accounts': m0002,
  '0003_people': m0003,
  '0004_console': m0004,
  '0005_messaging': m0005,
  '0006_shop': m0006,
  '0007_presence': m0007,
  '0008_analytics': m0008,
  '0009_announcements': m0009,
  '0010_analytics_group_commit': m0010,
  '0011_shop_checkout_guards': m0011,
  '0012_secrets_and_email_retries': m0012,
  '0013_job_progress': m0013,
  '0014_payables': m0014,
  '0015_donations': m0015,
  '0016_mass_email': m0016,
  '0017_membership': m0017,
  '0018_name_token_keys': m0018,
  '0019_job_marketplace': m0019,
  '0020_support_tickets': m0020,
  '0021_provider_refunds': m0021,
  '0022_affiliates': m0022,
  '0023_gotv': m0023,
  '0024_social': m0024,
  '0025_revenue_rollups': m0025,
  '0026_console_list_indexes': m0026,
  '0027_counters_and_monthly_pages': m0027,
  '0028_staff_two_factor': m0028,
  '0029_console_search_indexes': m0029,
  '0030_name_token_matches_rows': m0030,
  '0031_name_token_keys_plpgsql': m0031,
  '0032_name_token_generation': m0032,
  '0033_donor_people': m0033,
  '0034_test_gateway_checkouts': m0034,
  '0035_sign_in_devices': m0035,
  '0036_page_data_triggers': m0036,
  '0037_one_name_matcher': m0037,
  '0038_fec_committees': m0038,
  '0039_treasurers_and_notices': m0039,
  '0040_events': m0040,
  '0042_refcodes_and_giving_page': m0042,
  '0043_monthly_gifts_donors_manage': m0043,
  '0044_heatmap_bands_anchors': m0044,
  '0045_daily_click_cells': m0045,
  '0046_renewal_retries_and_dispute_invoices': m0046,
  '0048_email_link_clicks': m0048,
  '0050_supporters': m0050,
  '0052_event_organizer_tools': m0052,
};
