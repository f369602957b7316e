import type { BudgetVsActual, History, HistoryEntity, Outstanding, Turnaround } from '@imprest/domain/contract';
import { http } from '../http';
import { fetchDownload, type DownloadedFile } from './download';

/** The answers' shapes are the contract's. */
export type { BudgetVsActual, History, HistoryEntity, Outstanding, Turnaround };

export type ReportName = 'budget-vs-actual' | 'outstanding' | 'turnaround';

/** A period: calendar dates for budget vs actual, months (YYYY-MM) for turnaround; the server's defaults when absent. */
export interface ReportRange {
  from?: string;
  to?: string;
}

export async function getBudgetVsActual(range: ReportRange = {}): Promise<BudgetVsActual> {
  return (await http.get('reports/budget-vs-actual', { params: range })).data;
}

export async function getOutstanding(query: { page?: number; per_page?: number } = {}): Promise<Outstanding> {
  return (await http.get('reports/outstanding', { params: query })).data;
}

export async function getTurnaround(range: ReportRange = {}): Promise<Turnaround> {
  return (await http.get('reports/turnaround', { params: range })).data;
}

/** One report as an .xlsx file, named as the server names it. */
export async function downloadReport(report: ReportName, range: ReportRange = {}): Promise<DownloadedFile> {
  return fetchDownload(`reports/download/${report}`, `${report}.xlsx`, { ...range });
}

/** A record's history from the audit log, newest first. */
export async function getHistory(entity: HistoryEntity, id: number): Promise<History> {
  return (await http.get(`history/${entity}/${encodeURIComponent(id)}`)).data;
}
