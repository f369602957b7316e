// Direct API calls for what a spec sets up or puts back, never for what it asserts.
import { expect, type APIRequestContext } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD } from './accounts';
import { Mailbox, resetLinkIn } from './mailbox';

/** Resets a password through the e-mailed link, as the browser would, without the browser. */
export async function resetPasswordByMail(api: APIRequestContext, mailbox: Mailbox, email: string, password: string): Promise<void> {
  const seen = new Set(mailbox.files());
  const asked = await api.post('/api/v1/forgot-password', { data: { email } });
  expect(asked.status(), await asked.text()).toBe(200);
  const link = resetLinkIn(await mailbox.waitForNewMessage(email, seen));
  const done = await api.post('/api/v1/forgot-password/validate', {
    data: { token: link.searchParams.get('token'), email: link.searchParams.get('email'), password },
  });
  expect(done.status(), await done.text()).toBe(200);
}

/** Whether the server still accepts a session token. */
export async function tokenIsAccepted(api: APIRequestContext, token: string): Promise<boolean> {
  const response = await api.get('/api/v1/users/validate-token', { headers: { authorization: `Bearer ${token}`, token } });
  return response.ok();
}

/** The headers of a signed-in call (docs/contracts.md §Calls: a bearer token plus a token header). */
export function signedIn(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}`, token };
}

// Sessions this worker has opened, reused while the server still accepts them: sign-in is rate
// limited per address and e-mail (10 a minute), and a spec that only sets up data through the
// API need not spend one of a person's sign-ins on each run.
const sessions = new Map<string, string>();

/**
 * Signs in without a browser, or reuses this worker's open session for the person when the server
 * still accepts it. A refusal for too many attempts waits for the window the server names, once.
 */
export async function apiSignIn(api: APIRequestContext, email: string, password: string): Promise<string> {
  const key = `${email}\n${password}`;
  const open = sessions.get(key);
  if (open && (await tokenIsAccepted(api, open))) return open;
  let response = await api.post('/api/v1/users/authenticate', { data: { email, password } });
  if (response.status() === 429) {
    const seconds = Math.min(Number(response.headers()['retry-after']) || 60, 60);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    response = await api.post('/api/v1/users/authenticate', { data: { email, password } });
  }
  expect(response.status(), await response.text()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  sessions.set(key, token);
  return token;
}

export interface NewUserValues {
  fullname: string;
  department: string;
  phone_number: string;
  email: string;
  role: 'staff' | 'admin' | 'director';
  system_role: string;
}

export interface UserRecord extends NewUserValues {
  id: number;
  is_locked: boolean;
}

/** Adds people the way New Users does (POST users); each gets an invitation e-mail. */
export async function createUsers(api: APIRequestContext, token: string, users: NewUserValues[]): Promise<UserRecord[]> {
  const response = await api.post('/api/v1/users', { headers: signedIn(token), data: users });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { users: UserRecord[] }).users;
}

/** Adds one person and sets their password through the invitation e-mail, so they can sign in. */
export async function createUserWithPassword(
  api: APIRequestContext,
  mailbox: Mailbox,
  token: string,
  user: NewUserValues,
  password: string,
): Promise<UserRecord> {
  const seen = new Set(mailbox.files());
  const [created] = await createUsers(api, token, [user]);
  const link = resetLinkIn(await mailbox.waitForNewMessage(user.email, seen));
  const done = await api.post('/api/v1/forgot-password/validate', {
    data: { token: link.searchParams.get('token'), email: link.searchParams.get('email'), password },
  });
  expect(done.status(), await done.text()).toBe(200);
  return created!;
}

/** Locks or unlocks a user's requests (POST users/restrict); puts an account back after a spec. */
export async function restrictUser(api: APIRequestContext, token: string, userId: number, locked: boolean): Promise<void> {
  const response = await api.post('/api/v1/users/restrict', { headers: signedIn(token), data: { user_id: userId, lock_status: locked } });
  expect(response.status(), await response.text()).toBe(200);
}

/** The signed-in user's own record, as the server has it now. */
export async function currentUser(api: APIRequestContext, token: string): Promise<UserRecord> {
  const response = await api.get('/api/v1/users/validate-token', { headers: signedIn(token) });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { user: UserRecord }).user;
}

/** A short tag that makes names and e-mails of one run unique (and findable by search). */
export function uniqueTag(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 3)
    .toString(36)
    .padStart(3, '0')}`;
}

/**
 * A random M-Pesa receipt number (10 upper-case letters and digits): one receipt is recorded once per
 * organisation, and the e2e server lives across runs of a spec.
 */
export function mpesaReceipt(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  return Array.from({ length: 10 }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('');
}

export interface BudgetCodeRecord {
  id: number;
  code: number;
  name: string;
  amount: number;
  balance: number;
  current_status: 'active' | 'archived';
}

/**
 * Adds a budget code of its own for a spec (POST budget, finance permission). `category` and
 * `branch` pick the first two digits; a free cost code is found by trying random ones, so that
 * reruns and other specs never meet the same code.
 */
export async function createBudgetCode(
  api: APIRequestContext,
  token: string,
  values: {
    name: string;
    amount: number;
    category: string;
    categoryCode: number;
    branch: string;
    branchCode: number;
    amount_currency?: string;
  },
): Promise<BudgetCodeRecord> {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const code = values.categoryCode + values.branchCode + 10 + Math.floor(Math.random() * 90);
    const response = await api.post('/api/v1/budget', {
      headers: signedIn(token),
      data: {
        name: values.name,
        description: 'Added by an e2e spec',
        amount: values.amount,
        department: 'all',
        amount_currency: values.amount_currency ?? 'tzs',
        code,
        meta_data: [values.category, values.branch],
      },
    });
    if (response.status() === 409) continue;
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { data: BudgetCodeRecord }).data;
  }
  throw new Error(`no free budget code for ${values.category} / ${values.branch} after 10 tries`);
}

/** Archives or re-activates a code (PUT budget with exactly {id, current_status}). */
export async function setBudgetStatus(api: APIRequestContext, token: string, id: number, status: 'active' | 'archived'): Promise<void> {
  const response = await api.put('/api/v1/budget', { headers: signedIn(token), data: { id, current_status: status } });
  expect(response.status(), await response.text()).toBe(200);
}

/** The request fields POST requests takes (domain RequestInput). */
export interface RequestValues {
  purpose: string;
  mode_of_service: string;
  name_of_establishment: string;
  expenditure_date: string;
  expenditure_justification: string;
  amount_requested: number;
  amount_currency: string;
  budget_code: number;
  payment_mode: string;
  tax_status: string;
  file_paths: string[];
}

/** Submits a request as the signed-in user, for a spec whose subject is not the form. */
export async function submitRequest(api: APIRequestContext, token: string, values: RequestValues): Promise<{ id: number }> {
  const response = await api.post('/api/v1/requests', { headers: signedIn(token), data: values });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data;
}

/** A bus fare request (travel, code 5010, cash, in three days) for `amount` TZS: the money specs' starting point. */
export async function submitTravelRequest(
  api: APIRequestContext,
  token: string,
  tag: string,
  amount: number,
  justification: string,
): Promise<number> {
  const { id } = await submitRequest(api, token, {
    purpose: 'travel',
    mode_of_service: 'publicTransport',
    name_of_establishment: `Dar Express ${tag}`,
    expenditure_date: isoDay(3),
    expenditure_justification: justification,
    amount_requested: amount,
    amount_currency: 'tzs',
    budget_code: 5010,
    payment_mode: 'cash',
    tax_status: 'taxInclusive',
    file_paths: [],
  });
  return id;
}

/** Acts on the request's first pending step through the API (PUT reviews), as the holder of `token`. */
export async function reviewStep(
  api: APIRequestContext,
  token: string,
  requestId: number,
  status: 'approved' | 'rejected' | 'request_edit' = 'approved',
  comments = '',
): Promise<void> {
  const detail = await api.get(`/api/v1/requests/request/${requestId}`, { headers: signedIn(token) });
  expect(detail.status(), await detail.text()).toBe(200);
  const { data } = (await detail.json()) as { data: { reviews: Array<{ id: number; status: string }> } };
  const step = data.reviews.find((r) => r.status === 'pending')!;
  const review = await api.put('/api/v1/reviews', {
    headers: signedIn(token),
    data: { request_id: requestId, review_id: step.id, status, comments },
  });
  expect(review.status(), await review.text()).toBe(200);
}

/** Accepts the request's steps in turn, one token a step, for a spec whose subject comes after the approval. */
export async function approveByChain(api: APIRequestContext, requestId: number, tokens: string[], comments = ''): Promise<void> {
  for (const token of tokens) await reviewStep(api, token, requestId, 'approved', comments);
}

/** The seeded organisation's zone: its calendar decides every "today" the server checks. */
const ORG_TIME_ZONE = 'Africa/Dar_es_Salaam';

/**
 * YYYY-MM-DD, `days` from today in the organisation's calendar — not this machine's, which is a
 * day behind Dar es Salaam from 21:00 to 24:00 UTC (and more in TZ=Pacific/Honolulu).
 */
export function isoDay(days: number, at: Date = new Date()): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ORG_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Finance's Request Retirement on an approved request (POST retirement/attach-retirement): the new retirement's id. */
export async function attachRetirement(api: APIRequestContext, financeToken: string, requestId: number): Promise<number> {
  const attached = await api.post('/api/v1/retirement/attach-retirement', {
    headers: signedIn(financeToken),
    data: { data: { id: requestId } },
  });
  expect(attached.status(), await attached.text()).toBe(201);
  return ((await attached.json()) as { data: { id: number } }).data.id;
}

/** Uploads a small PDF receipt as `token`'s user, by the presigned POST the app makes: its stored key (a retirement that spent money carries one). */
export async function uploadReceipt(api: APIRequestContext, token: string, name = 'receipt.pdf'): Promise<string> {
  const presign = await api.get(`/api/v1/files/presigned-post-url?file_name=${encodeURIComponent(name)}`, { headers: signedIn(token) });
  expect(presign.status(), await presign.text()).toBe(200);
  const { url, fields } = (await presign.json()) as { url: string; fields: Record<string, string> };
  const stored = await api.post(url, {
    multipart: { ...fields, file: { name, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') } },
  });
  expect(stored.status(), await stored.text()).toBe(204);
  return fields.key;
}

/** The signed-in user lends their reviewing to `delegateId` from today for `days` more days: the delegation's id. */
export async function startDelegation(
  api: APIRequestContext,
  token: string,
  delegateId: number,
  days: number,
  note: string,
): Promise<number> {
  const made = await api.post('/api/v1/delegations', {
    headers: signedIn(token),
    data: { delegate_id: delegateId, starts_on: isoDay(0), ends_on: isoDay(days), note },
  });
  expect(made.status(), await made.text()).toBe(201);
  return ((await made.json()) as { data: { id: number } }).data.id;
}

/** Ends a delegation early (POST delegations/{id}/end); puts the reviewers back after a spec. */
export async function endDelegation(api: APIRequestContext, token: string, id: number): Promise<void> {
  await api.post(`/api/v1/delegations/${id}/end`, { headers: signedIn(token), data: {} });
}

/**
 * The loop's people signed in through the API: the demo owner (staff) and the default band B chain
 * (finance officer, then executive secretary) that approves the owner's requests and retirements.
 */
export async function signInLoop(api: APIRequestContext): Promise<{ staffToken: string; officerToken: string; chain: string[] }> {
  const staffToken = await apiSignIn(api, ACCOUNTS.staff, DEMO_PASSWORD);
  const officerToken = await apiSignIn(api, ACCOUNTS.financeOfficer, DEMO_PASSWORD);
  return { staffToken, officerToken, chain: [officerToken, await apiSignIn(api, ACCOUNTS.executiveSecretary, DEMO_PASSWORD)] };
}
