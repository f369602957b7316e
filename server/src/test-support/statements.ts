import { readFileSync } from 'node:fs';
import path from 'node:path';
import { addCalendarDays, calendarDaysBetween } from '@imprest/domain';
import type { FastifyInstance } from 'fastify';
import type { TestApp } from './app';
import { uploadTestFile } from './files';
import { jsonCaller } from './http';
import { payoutApi } from './payouts';
import { dateFromToday } from './requests';
import type { LoopCaller } from './retirements';

const FIXTURES = path.join(__dirname, '../modules/statements/__tests__/fixtures');
/** The first day the fixtures show: it becomes the day the test's requests are approved. */
const FIXTURE_FIRST_DAY = '2026-11-20';

/**
 * A fixture statement with every day moved by the same number of days, so that its first day is
 * `first` (records cannot be dated before their approval, which is the test's today).
 */
export function fixtureStatement(name: string, first = dateFromToday(0)): string {
  const shift = calendarDaysBetween(FIXTURE_FIRST_DAY, first);
  const text = readFileSync(path.join(FIXTURES, name), 'utf8');
  const move = (iso: string) => addCalendarDays(iso, shift);
  return text
    .replace(/\b(\d{2})([-/])(\d{2})\2(\d{4})\b/g, (_m, d: string, sep: string, m: string, y: string) => {
      const [yy, mm, dd] = move(`${y}-${m}-${d}`).split('-');
      return `${dd}${sep}${mm}${sep}${yy}`;
    })
    .replace(/\b\d{4}-\d{2}-\d{2}\b/g, move);
}

/** The fixture's day `iso` (2026-11-25) as the test's calendar has it. */
export const fixtureDay = (iso: string, first = dateFromToday(0)) => addCalendarDays(first, calendarDaysBetween(FIXTURE_FIRST_DAY, iso));

export function statementsApi(app: FastifyInstance, token: string) {
  const call = jsonCaller(app, token);
  return {
    upload: (text: string, name = 'statement.csv') => uploadTestFile(app, token, name, Buffer.from(text)),
    import: (body: unknown) => call('POST', 'statements', body),
    list: () => call('GET', 'statements'),
    get: (id: number | string) => call('GET', `statements/${id}`),
    confirm: (body: unknown) => call('POST', 'statements/confirm', body),
  };
}

/** Records a payout through the API, failing the test on anything but 201; resolves with its id. */
export async function recordPayout(t: TestApp, finance: LoopCaller, body: Record<string, unknown>): Promise<number> {
  const answer = await payoutApi(t.app, finance.token)(body);
  if (answer.statusCode !== 201) throw new Error(`payout: ${answer.statusCode} ${answer.body}`);
  return answer.json().data.payout.id as number;
}
