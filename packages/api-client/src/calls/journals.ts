import type { JournalAccounts, JournalAccountsInput, JournalPreview } from '@imprest/domain/contract';
import type { JournalFormat } from '@imprest/domain';
import { http } from '../http';
import { fetchDownload, type DownloadedFile } from './download';

export type { JournalAccounts, JournalPreview };

/** The accounts finance maps and their codes. */
export async function getJournalAccounts(): Promise<JournalAccounts> {
  return (await http.get('journals/accounts')).data;
}

/** Replaces the mapping; a key sent as '' is unmapped. */
export async function saveJournalAccounts(accounts: JournalAccountsInput['accounts']): Promise<JournalAccounts> {
  return (await http.put('journals/accounts', { accounts })).data;
}

/** A period's journals, one per currency, with totals, unmapped accounts and earlier exports. */
export async function getJournals(period: { from: string; to: string }): Promise<JournalPreview> {
  return (await http.get('journals', { params: period })).data;
}

/** One currency's journal as a file; `again` exports a period exported before. */
export async function downloadJournal(query: {
  from: string;
  to: string;
  currency: string;
  format: JournalFormat;
  again: boolean;
}): Promise<DownloadedFile> {
  return fetchDownload('journals/download', `journal.${query.format === 'xlsx' ? 'xlsx' : 'csv'}`, query);
}
