import type { FastifyInstance } from 'fastify';
import { authHeaders, jsonCaller } from './http';
import { payoutApi } from './payouts';
import { dateFromToday } from './requests';
import { approvedRequest, retireApproved, type LoopCaller } from './retirements';

/** The journals API as a signed-in user. */
export function journalsApi(app: FastifyInstance, token: string) {
  const call = jsonCaller(app, token);
  const get = (url: string) => app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: authHeaders(token) });
  return {
    accounts: () => get('journals/accounts'),
    map: (codes: Record<string, string>) =>
      call('PUT', 'journals/accounts', { accounts: Object.entries(codes).map(([key, code]) => ({ key, code })) }),
    preview: (from: string, to: string) => get(`journals?from=${from}&to=${to}`),
    download: (query: Record<string, string | boolean>) =>
      get(`journals/download?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`),
  };
}

/** Every account the seeded code 6101 and these methods need, coded as a small chart of accounts would. */
export const MAPPED = {
  staff_advances: '1150',
  'category:operatingCost': '6000',
  'method:cash': '1000',
  'method:bank_transfer': '1010',
  'method:cheque': '1010',
  'network:mpesa': '1020',
};

/**
 * An approved request of `advance` paid out in one part, retired as `spent`, the retirement approved
 * by the chain; returns the request and retirement ids. All through the API.
 */
export async function paidAndRetired(
  app: FastifyInstance,
  people: { owner: LoopCaller; reviewers: LoopCaller[]; payer: LoopCaller },
  advance: number,
  spent: number,
  payout: Record<string, unknown>,
  request: Record<string, unknown> = {},
): Promise<{ request: number; retirement: number }> {
  const { owner, reviewers, payer } = people;
  const id = await approvedRequest(owner, reviewers, { amount_requested: advance, ...request });
  const paid = await payoutApi(app, payer.token)({ request_id: id, amount: advance, date: dateFromToday(0), ...payout });
  if (paid.statusCode !== 201) throw new Error(`payout: ${paid.statusCode} ${paid.body}`);
  const retirement = await retireApproved(owner, reviewers, id, spent, (request.amount_currency as string | undefined) ?? 'tzs');
  return { request: id, retirement };
}

/** A CSV's rows and fields, RFC 4180 quoting read back (a quoted field may hold commas and doubled quotes). */
export function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted && ch === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (quoted || (ch !== ',' && ch !== '\r')) {
      field += ch;
    } else if (ch === ',') {
      row.push(field);
      field = '';
    } else {
      // \r\n ends a row
      rows.push([...row, field]);
      row = [];
      field = '';
      i++;
    }
  }
  return rows;
}
