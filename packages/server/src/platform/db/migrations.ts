import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import { readiness } from '../readiness.ts';
import type { Db } from './database.ts';
import m001Initial from './migrations/001_initial.ts';
import m002ChangeNotifications from './migrations/002_change_notifications.ts';
import m003Accounts from './migrations/003_accounts.ts';
import m004Likes from './migrations/004_likes.ts';
import m005Tickets from './migrations/005_tickets.ts';
import m006Checkin from './migrations/006_checkin.ts';
import m007Orders from './migrations/007_orders.ts';
import m008Rewards from './migrations/008_rewards.ts';
import m009Playback from './migrations/009_playback.ts';
import m010Browse from './migrations/010_browse.ts';
import m011SearchOrder from './migrations/011_search_order.ts';
import m012LaunchCodeSessions from './migrations/012_launch_code_sessions.ts';
import m013TicketHoldAndAppealQuota from './migrations/013_ticket_hold_and_appeal_quota.ts';
import m014LocaleText from './migrations/014_locale_text.ts';
import m015MenuTags from './migrations/015_menu_tags.ts';
import m016Operators from './migrations/016_operators.ts';
import m017ConsoleIndexes from './migrations/017_console_indexes.ts';
import m019ConsoleMoney from './migrations/019_console_money.ts';
import m020ConsoleSupport from './migrations/020_console_support.ts';
import m021CreatorsStudios from './migrations/021_creators_studios.ts';
import m022TranscodeJobs from './migrations/022_transcode_jobs.ts';
import m023ConsoleCatalogue from './migrations/023_console_catalogue.ts';
import m024ConsoleFeed from './migrations/024_console_feed.ts';
import m025OrdersPaidIndex from './migrations/025_orders_paid_index.ts';
import m035OperatorSignInTries from './migrations/035_operator_sign_in_tries.ts';
import m036AuditLogNoTruncate from './migrations/036_audit_log_no_truncate.ts';
import m040AuditClientAddress from './migrations/040_audit_client_address.ts';
import m041LineFailuresAccountRefused from './migrations/041_line_failures_account_refused.ts';
import m042UsersBrowse from './migrations/042_users_browse.ts';
import m043OrdersRefundedIndex from './migrations/043_orders_refunded_index.ts';
import m060ViewCounts from './migrations/060_view_counts.ts';
import m061Retention from './migrations/061_retention.ts';
import m070RequestIds from './migrations/070_request_ids.ts';
import m080TaiwanWeek from './migrations/080_taiwan_week.ts';
import m081DemoMessengers from './migrations/081_demo_messengers.ts';
import m082TranscodeSourceMisses from './migrations/082_transcode_source_misses.ts';
import m083ViewsUncached from './migrations/083_views_uncached.ts';

/**
 * Migrations live in code, one file each under migrations/, listed here in order, so the same list runs on PGlite and PostgreSQL at every start.
 * Money is integer cents; times are timestamptz; business days are dates in TZ_BUSINESS.
 */
const migrations: Record<string, Migration> = {
  '001_initial': m001Initial,
  '002_change_notifications': m002ChangeNotifications,
  '003_accounts': m003Accounts,
  '004_likes': m004Likes,
  '005_tickets': m005Tickets,
  '006_checkin': m006Checkin,
  '007_orders': m007Orders,
  '008_rewards': m008Rewards,
  '009_playback': m009Playback,
  '010_browse': m010Browse,
  '011_search_order': m011SearchOrder,
  '012_launch_code_sessions': m012LaunchCodeSessions,
  '013_ticket_hold_and_appeal_quota': m013TicketHoldAndAppealQuota,
  '014_locale_text': m014LocaleText,
  '015_menu_tags': m015MenuTags,
  '016_operators': m016Operators,
  '017_console_indexes': m017ConsoleIndexes,
  '019_console_money': m019ConsoleMoney,
  '020_console_support': m020ConsoleSupport,
  '021_creators_studios': m021CreatorsStudios,
  '022_transcode_jobs': m022TranscodeJobs,
  '023_console_catalogue': m023ConsoleCatalogue,
  '024_console_feed': m024ConsoleFeed,
  '025_orders_paid_index': m025OrdersPaidIndex,
  '035_operator_sign_in_tries': m035OperatorSignInTries,
  '036_audit_log_no_truncate': m036AuditLogNoTruncate,
  '040_audit_client_address': m040AuditClientAddress,
  '041_line_failures_account_refused': m041LineFailuresAccountRefused,
  '042_users_browse': m042UsersBrowse,
  '043_orders_refunded_index': m043OrdersRefundedIndex,
  '060_view_counts': m060ViewCounts,
  '061_retention': m061Retention,
  '070_request_ids': m070RequestIds,
  '080_taiwan_week': m080TaiwanWeek,
  '081_demo_messengers': m081DemoMessengers,
  '082_transcode_source_misses': m082TranscodeSourceMisses,
  '083_views_uncached': m083ViewsUncached,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  // Work from several branches lands together: a database that already ran a later-numbered
  // migration still takes an earlier-numbered one that arrived after it.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  readiness.migrated = true;
}
