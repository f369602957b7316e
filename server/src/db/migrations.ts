import { type Kysely, sql } from 'kysely';
import { type MigrationProvider, Migrator } from 'kysely/migration';
import type { DialectName } from './database';
import type { Database } from './schema';
import { initial } from './migration-steps/0001_initial';
import { setPasswordTokenKind } from './migration-steps/0002_set_password_token_kind';
import { budgetCodeIndexes } from './migration-steps/0003_budget_code_indexes';
import { files } from './migration-steps/0004_files';
import { requests } from './migration-steps/0005_requests';
import { requestListIndexes } from './migration-steps/0006_request_list_indexes';
import { requestTallies } from './migration-steps/0007_request_tallies';
import { requestRetirementIndex } from './migration-steps/0008_request_retirement_index';
import { mailPriority } from './migration-steps/0009_mail_priority';
import { emailChanges } from './migration-steps/0010_email_changes';
import { hardening } from './migration-steps/0011_hardening';
import { uploadCleanup } from './migration-steps/0012_upload_cleanup';
import { retirements } from './migration-steps/0013_retirements';
import { budgetUsage } from './migration-steps/0014_budget_usage';
import { reportIndexes } from './migration-steps/0015_report_indexes';
import { retirementDue } from './migration-steps/0016_retirement_due';
import { delegation } from './migration-steps/0017_delegation';
import { outstandingDue } from './migration-steps/0018_outstanding_due';
import { reviewReminders } from './migration-steps/0019_review_reminders';
import { searchIndex } from './migration-steps/0020_search_index';
import { reportTurnaround } from './migration-steps/0021_report_turnaround';
import { mailParts } from './migration-steps/0022_mail_parts';
import { payouts } from './migration-steps/0023_payouts';
import { settlements } from './migration-steps/0024_settlements';
import { receipts } from './migration-steps/0025_receipts';
import { controls } from './migration-steps/0026_controls';
import { signInDevices } from './migration-steps/0027_sessions';
import { retiredTallies } from './migration-steps/0028_retired_tallies';
import { retirementTallies } from './migration-steps/0029_retirement_tallies';
import { retirementListOrder } from './migration-steps/0030_retirement_list_order';
import { retirementLines } from './migration-steps/0033_retirement_lines';
import { awaitingTallies } from './migration-steps/0034_awaiting_tallies';
import { awaitingOldest } from './migration-steps/0035_awaiting_oldest';
import { retirementsApprovedOrder } from './migration-steps/0036_retirements_approved_order';
import { retirementAwaitingTallies } from './migration-steps/0037_retirement_awaiting_tallies';
import { searchRowsIndex } from './migration-steps/0038_search_rows_index';
import { outstandingAgeingIndex } from './migration-steps/0039_outstanding_ageing_index';
import { requestsStamps } from './migration-steps/0040_requests_stamps';
import { journalAccounts } from './migration-steps/0031_journal_accounts';
import { statements } from './migration-steps/0032_statements';

/**
 * Every migration in order, each in its own file under migration-steps/ carrying its own SQL (none
 * imports live code, so editing a module never changes what an old migration does). The names are
 * what the kysely_migration table records: never rename one, only add.
 */
function provider(dialect: DialectName): MigrationProvider {
  return {
    async getMigrations() {
      return {
        '0001_initial': initial(dialect),
        '0002_set_password_token_kind': setPasswordTokenKind(),
        '0003_budget_code_indexes': budgetCodeIndexes(),
        '0004_files': files(dialect),
        '0005_requests': requests(dialect),
        '0006_request_list_indexes': requestListIndexes(),
        '0007_request_tallies': requestTallies(),
        '0008_request_retirement_index': requestRetirementIndex(),
        '0009_mail_priority': mailPriority(dialect),
        '0010_email_changes': emailChanges(dialect),
        '0011_hardening': hardening(dialect),
        '0012_upload_cleanup': uploadCleanup(dialect),
        '0013_retirements': retirements(dialect),
        '0014_budget_usage': budgetUsage(dialect),
        '0015_report_indexes': reportIndexes(),
        '0016_retirement_due': retirementDue(dialect),
        '0017_delegation': delegation(dialect),
        '0018_outstanding_due': outstandingDue(),
        '0019_review_reminders': reviewReminders(dialect),
        '0020_search_index': searchIndex(dialect),
        '0021_report_turnaround': reportTurnaround(dialect),
        '0022_mail_parts': mailParts(),
        '0023_payouts': payouts(dialect),
        '0024_settlements': settlements(dialect),
        '0025_receipts': receipts(dialect),
        '0026_controls': controls(),
        '0027_sessions': signInDevices(),
        '0028_retired_tallies': retiredTallies(),
        '0029_retirement_tallies': retirementTallies(),
        '0030_retirement_list_order': retirementListOrder(),
        '0031_journal_accounts': journalAccounts(dialect),
        '0032_statements': statements(dialect),
        '0033_retirement_lines': retirementLines(),
        '0034_awaiting_tallies': awaitingTallies(),
        '0035_awaiting_oldest': awaitingOldest(),
        '0036_retirements_approved_order': retirementsApprovedOrder(),
        '0037_retirement_awaiting_tallies': retirementAwaitingTallies(),
        '0038_search_rows_index': searchRowsIndex(dialect),
        '0039_outstanding_ageing_index': outstandingAgeingIndex(),
        '0040_requests_stamps': requestsStamps(dialect),
      };
    },
  };
}

/** Brings the schema up to date; safe when several instances start at once (Kysely locks). */
export async function migrateToLatest(db: Kysely<Database>, dialect: DialectName): Promise<void> {
  // Kysely looks for its own tables in every schema unless told which; another schema's (another
  // app, a parallel test suite) would make it skip creating ours.
  const schema =
    dialect === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined;
  const migrator = new Migrator({ db, provider: provider(dialect), ...(schema && { migrationTableSchema: schema }) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
