// A route's first reads start as a person heads for it, under the keys its page reads, and the page
// takes them instead of asking again; the route comes from the domain's route table.
import { waitFor } from '@testing-library/react';
import { setMode } from '@imprest/api-client';
import { loadHistory, queryClient, requestKeys, retirementKeys } from '@imprest/api-client/query';
import { putBackAfterEach, signInAs, startApi, type Call, type FakeApi } from '@imprest/test-utils';
import { prepareOnLinkIntent } from '../app/prepare/prepare-route';
import { matchDashboardRoute } from '../app/prepare/route-match';
import { startRouteReads } from '../app/prepare/route-reads';

describe('matchDashboardRoute', () => {
  it.each([
    ['/dashboard', 'home', {}],
    ['/dashboard/', 'home', {}],
    ['/dashboard/requests', 'requests', {}],
    ['/dashboard/requests/12', 'request', { id: '12' }],
    ['/dashboard/view-request/7', 'viewRequest', { id: '7' }],
    ['/dashboard/retirements/3', 'retirement', { id: '3' }],
    ['/dashboard/budget/reports', 'budgetReports', {}],
    ['/dashboard/budget/OPS%2F1', 'budgetCode', { code: 'OPS/1' }],
  ])('%s is the route %s', (path, id, params) => {
    expect(matchDashboardRoute(path)).toEqual({ id, params });
  });

  it.each(['/', '/dashboards', '/dashboard/nowhere', '/dashboard/requests/12/more', '/dashboard/budget/%E0%A4%A'])(
    '%s is no route',
    (path) => {
      expect(matchDashboardRoute(path)).toBeNull();
    },
  );
});

describe('startRouteReads', () => {
  let api: FakeApi;
  putBackAfterEach(() => api);

  const answer = (call: Call) => {
    if (call.path === 'requests/request/12') return { body: { data: { id: 12 } } };
    if (call.path === 'requests/request/12/related') return { body: { data: { requests: [] } } };
    if (call.path === 'retirement/3') return { body: { data: { id: 3 } } };
    if (call.path.startsWith('history/')) return { body: { history: [], time_zone: 'Africa/Dar_es_Salaam' } };
    return undefined;
  };
  const paths = () => api.calls.map((c) => c.path).sort();
  /** The page parts whose code the reads' answers started. */
  let parts: string[] = [];
  const startPart = (part: string) => parts.push(part);
  beforeEach(() => (parts = []));

  it("a request's detail, for finance: the request, its history and the related requests, each asked once", async () => {
    api = await startApi(answer);
    signInAs('director');
    startRouteReads('request', { id: '12' }, startPart);
    await waitFor(() => expect(queryClient.getQueryData(requestKeys.detail(12))).toEqual({ id: 12 }));
    await waitFor(() => expect(paths()).toHaveLength(3));
    expect(paths()).toEqual(['history/request/12', 'requests/request/12', 'requests/request/12/related']);
    // the page's history read takes the answer read ahead; a later one (the record changed) asks again
    await expect(loadHistory('request', 12)).resolves.toEqual({ history: [], time_zone: 'Africa/Dar_es_Salaam' });
    expect(api.calls).toHaveLength(3);
    await loadHistory('request', 12);
    expect(api.calls).toHaveLength(4);
  });

  it('a staff member: the request only (its history and related requests are not theirs to read unless it is their own)', async () => {
    api = await startApi(answer);
    signInAs('staff');
    startRouteReads('request', { id: '12' }, startPart);
    await waitFor(() => expect(queryClient.getQueryData(requestKeys.detail(12))).toEqual({ id: 12 }));
    expect(paths()).toEqual(['requests/request/12']);
  });

  it('a retirement, for finance: the retirement and its history', async () => {
    api = await startApi(answer);
    signInAs('finance_officer');
    startRouteReads('retirement', { id: '3' }, startPart);
    await waitFor(() => expect(queryClient.getQueryData(retirementKeys.detail(3))).toEqual({ id: 3 }));
    await waitFor(() => expect(paths()).toEqual(['history/retirement/3', 'retirement/3']));
  });

  // each its own retirement: a history read ahead is kept for the page 10 s, and asked for once meanwhile
  const ownedBy41 = (id: number) => (call: Call) =>
    call.path === `retirement/${id}` ? { body: { data: { id, retirement_owner_id: 41 } } } : answer(call);

  it('a retirement, for a staff member (only ever their own): the retirement and its history at once', async () => {
    api = await startApi(ownedBy41(4));
    signInAs('staff', { id: 41 });
    startRouteReads('retirement', { id: '4' }, startPart);
    await waitFor(() => expect(paths()).toEqual(['history/retirement/4', 'retirement/4']));
  });

  it.each([
    ['its owner, a reviewer', 41, 5, ['history/retirement/5', 'retirement/5']],
    ['another reviewer', 42, 6, ['retirement/6']],
  ] as const)('a retirement, for %s: its history once the answer says the page shows it', async (_, viewer, id, expected) => {
    api = await startApi(ownedBy41(id));
    signInAs('stem_park_manager', { id: viewer });
    startRouteReads('retirement', { id: String(id) }, startPart);
    await waitFor(() => expect(queryClient.getQueryData(retirementKeys.detail(id))).toMatchObject({ id }));
    await waitFor(() => expect(paths()).toEqual(expected));
    // the answer's own callbacks have run: what was asked for is all that will be
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(paths()).toEqual(expected);
  });

  it.each([
    ['its owner while pending: the submission form', 'staff', 41, { status: 'pending', settlement_state: null }, ['submit']],
    [
      'finance while a settlement awaits: the settlement form',
      'finance_officer',
      5,
      { status: 'approved', settlement_state: 'awaiting' },
      ['settle'],
    ],
    ['a director reviewing it: no form', 'director', 9, { status: 'on_progress', settlement_state: null }, []],
    ['its owner once settled: no form', 'staff', 41, { status: 'approved', settlement_state: 'settled' }, []],
  ] as const)("a retirement's answer starts the code of the form its page shows: %s", async (_, role, id, facts, expected) => {
    api = await startApi((call) =>
      call.path === 'retirement/3' ? { body: { data: { id: 3, retirement_owner_id: 41, ...facts } } } : answer(call),
    );
    signInAs(role, { id });
    startRouteReads('retirement', { id: '3' }, startPart);
    await waitFor(() => expect(queryClient.getQueryData(retirementKeys.detail(3))).toMatchObject({ id: 3 }));
    // the answer's own callbacks have run: what was started is all that will be
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(parts).toEqual(expected);
  });

  // the list page's first read (useStatusList's start) under its key, so the page takes it
  const firstPage = { page: 1, per_page: 10, search: '', status: 'all' } as const;

  it.each([
    ['staff mode, the address without a filter', 'staff', '', 'requests/user/7', {}],
    ['admin mode, from the Unretired tile', 'admin', '?unretired=true', 'requests/director/7', { unretired: true }],
  ] as const)('the request list, %s: its first page, once', async (_, mode, search, path, filter) => {
    api = await startApi((call) => (call.path === path ? { body: { requests: [], page: 1, total: 0 } } : undefined));
    signInAs('director', { id: 7 });
    setMode(mode);
    startRouteReads('requests', {}, startPart, new URLSearchParams(search));
    const scope = mode === 'admin' ? 'director' : 'user';
    await waitFor(() =>
      expect(queryClient.getQueryData(requestKeys.list({ scope, userId: 7, ...firstPage, ...filter }))).toEqual({
        requests: [],
        page: 1,
        total: 0,
      }),
    );
    expect(api.calls.map((c) => [c.path, c.query])).toEqual([
      [path, { page: '1', per_page: '10', ...(search ? { unretired: 'true' } : {}) }],
    ]);
    setMode('staff');
  });

  it('the request list with its query string unknown (a hover) reads nothing ahead', async () => {
    api = await startApi(answer);
    signInAs('staff');
    startRouteReads('requests', {}, startPart);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls).toEqual([]);
  });

  it('a route without reads in the table, or no one signed in, asks nothing', async () => {
    api = await startApi(answer);
    startRouteReads('request', { id: '12' }, startPart);
    signInAs('director');
    startRouteReads('settings', {}, startPart);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls).toEqual([]);
  });
});

describe('prepareOnLinkIntent', () => {
  let prepared: string[] = [];
  let undo: () => void = () => undefined;
  beforeEach(() => {
    prepared = [];
    undo = prepareOnLinkIntent((path) => prepared.push(path));
  });
  afterEach(() => {
    undo();
    document.body.innerHTML = '';
    window.history.replaceState({}, '', '/');
  });

  it('a press on an in-app link prepares its route at once; one to elsewhere prepares nothing', () => {
    document.body.innerHTML = '<a href="/dashboard/retirements/3"><span>Open</span></a><a href="https://example.org/x">Away</a>';
    document.querySelector('span')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    document.querySelector('a[href^="https"]')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(prepared).toEqual(['/dashboard/retirements/3']);
  });

  it("the back or forward button's move prepares the route it lands on, in its popstate, before the router renders", () => {
    window.history.pushState({}, '', '/dashboard/retirements/3');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(prepared).toEqual(['/dashboard/retirements/3']);
    undo();
    window.history.pushState({}, '', '/dashboard/requests/12');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(prepared).toEqual(['/dashboard/retirements/3']);
  });
});
