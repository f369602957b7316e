// The requests list and detail with many requests in the database: two production servers, one
// on a database of `small` requests and one on `large`, seeded through the server's own
// migrations (its first start) and then raw SQL; both loaded in alternating segments so that
// the machine's other work hits both alike, and the list latency at `large` is compared with
// the same list at `small`.
import { eventLoopBlocks } from './lib/block.mjs';
import { compareThroughput } from './lib/load.mjs';
import { seedRequests } from './lib/seed-requests.mjs';
import { startAppServer, tempDataDir } from './lib/servers.mjs';

/** The list at 100,000 requests may take at most this many times its latency at 1,000. */
export const LIST_SCALING_GOAL = 1.5;
const PASSWORD = 'demo-pass-2026';
/** The finance officer's admin scope is every request of the organisation (api-client RequestListScope). */
const ADMIN = { email: 'finance_officer@example.org', scope: 'finance_officer' };
const STAFF = { email: 'staff@example.org', scope: 'user' };
const DETAIL_IDS = 2_000;
/** No single API call may hold the event loop longer than this at the large count. */
export const EVENT_LOOP_GOAL_MS = 50;
// the staff member's budget detail counts only their own requests on the code (budget_owner_usage)
const BUDGET_KINDS = ['budget', 'budgetDetail', 'budgetDetailStaff', 'balance'];
// the home's tiles and the retirements list as the app opens them, for finance and for a staff member
const HOME_KINDS = ['summary', 'summaryStaff', 'retirements', 'retirementsStaff'];
// the search as a person pages through it or opens it again: its total kept while nothing changes
const SEARCH = 'hotel';
// the detail last: at 100,000 it may leave the server busy after its load (its answers time out)
const KINDS = ['admin', 'user', 'search', ...BUDGET_KINDS, ...HOME_KINDS, 'detail'];
/** The home screen's calls are timed once each, after the load: a slow one may hold the server for minutes. */
const HOME_PROBE_TIMEOUT_MS = 15_000;

async function call(baseUrl, path, token, what) {
  const response = await fetch(`${baseUrl}${path}`, {
    headers: token ? { authorization: `Bearer ${token}`, token } : {},
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${what}: GET ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

async function signIn(baseUrl, email) {
  const response = await fetch(`${baseUrl}/api/v1/users/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
    signal: AbortSignal.timeout(15_000),
  });
  if (response.status !== 200) throw new Error(`sign-in of ${email} answered ${response.status}: ${await response.text()}`);
  return (await response.json()).token;
}

/** Fresh data folders through the server's first start (migrations, demo organisation), then stopped. */
async function migratedDataDirs(n, options) {
  const servers = await Promise.all(
    Array.from({ length: n }, (_, i) => startAppServer({ dataDir: tempDataDir(), name: `requests-${i}`, echo: options.verbose })),
  );
  await Promise.all(servers.map((s) => s.handle.stop()));
  return servers.map((s) => s.dataDir);
}

/**
 * What each side serves, checked before it is loaded: a list total that is not the seeded count
 * means the bench would measure the wrong thing (or the server answers wrongly).
 */
async function checkedSide(label, server, seeded) {
  const admin = { id: seeded.users[ADMIN.email], token: await signIn(server.baseUrl, ADMIN.email) };
  const staff = { id: seeded.users[STAFF.email], token: await signIn(server.baseUrl, STAFF.email) };
  const lists = {
    admin: `/api/v1/requests/${ADMIN.scope}/${admin.id}?page=1`,
    user: `/api/v1/requests/${STAFF.scope}/${staff.id}?page=1`,
  };
  const adminPage = await call(server.baseUrl, lists.admin, admin.token, `${label}: finance officer's list`);
  if (adminPage.total !== seeded.latest)
    throw new Error(
      `${label}: the finance officer's list says total ${adminPage.total}, the database holds ${seeded.latest} latest requests`,
    );
  const userPage = await call(server.baseUrl, lists.user, staff.token, `${label}: staff list`);
  const own = seeded.ownedBy(staff.id);
  if (userPage.total !== own)
    throw new Error(`${label}: the staff member's list says total ${userPage.total}, they own ${own} latest requests`);
  for (const [name, page] of [
    ['finance officer', adminPage],
    ['staff', userPage],
  ]) {
    if (!Array.isArray(page.requests) || page.requests.length !== Math.min(page.per_page, page.total)) {
      throw new Error(
        `${label}: the ${name} list's page 1 holds ${page.requests?.length} requests (per_page ${page.per_page}, total ${page.total})`,
      );
    }
  }
  const ids = seeded.sampleIds(DETAIL_IDS);
  const detail = await call(server.baseUrl, `/api/v1/requests/request/${ids[1]}`, admin.token, `${label}: request detail`);
  if (detail.data?.id !== ids[1] || !Array.isArray(detail.data.reviews) || detail.data.reviews.length < 2) {
    throw new Error(`${label}: GET requests/request/${ids[1]} did not answer that request with its reviews`);
  }
  const pageSize = adminPage.per_page;
  const codes = (await call(server.baseUrl, '/api/v1/budget?page=1&per_page=100', admin.token, `${label}: budget list`)).budget_codes;
  const busiest = codes.reduce((a, b) => (b.requests_count > a.requests_count ? b : a));
  const budget = await call(server.baseUrl, `/api/v1/budget/${busiest.code}?page=1`, admin.token, `${label}: budget detail`);
  if (!(budget.requests.total > 0 && budget.requests.total <= seeded.latest && budget.data.committed > 0)) {
    throw new Error(`${label}: GET budget/${busiest.code} says ${budget.requests.total} requests committing ${budget.data.committed}`);
  }
  const budgetCode = { code: busiest.code, requests: busiest.requests_count };
  return { admin, staff, lists, ids, pageSize, budgetCode, pid: server.handle.child.pid };
}

/**
 * What the finance officer's Home (admin mode) asks for: the requests awaiting their role and the
 * tiles' counts, each timed once; an answer slower than the limit is reported, not waited for.
 */
async function homeProbes(baseUrl, side) {
  const { admin } = side;
  const calls = {
    pending: `/api/v1/requests/${ADMIN.scope}/pending/${admin.id}?page=1&per_page=5`,
    summary: `/api/v1/requests/summary/${admin.id}?role=${ADMIN.scope}`,
  };
  const out = {};
  for (const [name, path] of Object.entries(calls)) {
    const started = process.hrtime.bigint();
    try {
      const response = await fetch(`${baseUrl}${path}`, {
        headers: { authorization: `Bearer ${admin.token}`, token: admin.token },
        signal: AbortSignal.timeout(HOME_PROBE_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      out[name] = { path, status: response.status, ms: Number(process.hrtime.bigint() - started) / 1e6 };
    } catch (error) {
      if (error?.name !== 'TimeoutError') throw error;
      out[name] = { path, status: null, ms: null, timedOutAfterMs: HOME_PROBE_TIMEOUT_MS };
      // the server may be stuck in that query: nothing after this is measured on it
      break;
    }
  }
  return out;
}

/** The API's reads as the apps call them, each timed alone for how long it holds the event loop. */
function blockCalls(side) {
  const a = side.admin.id;
  const s = side.staff.id;
  const code = side.budgetCode.code;
  const as = (who) => ({ authorization: `Bearer ${who.token}`, token: who.token });
  return [
    ['validate-token', '/api/v1/users/validate-token', side.admin],
    ['requests list, finance officer', side.lists.admin, side.admin],
    ["requests list, staff ('user')", side.lists.user, side.staff],
    // another spelling than the load's: its total is counted (once), not the one the load kept
    ['requests list, search "Hotel" (counted)', `/api/v1/requests/${ADMIN.scope}/${a}?page=1&search=Hotel`, side.admin],
    ['requests list, status approved, page 200', `/api/v1/requests/${ADMIN.scope}/${a}?page=200&status=approved`, side.admin],
    ['requests list, unretired', `/api/v1/requests/${ADMIN.scope}/${a}?page=1&unretired=true`, side.admin],
    ['pending for the finance officer', `/api/v1/requests/${ADMIN.scope}/pending/${a}?page=1&per_page=5`, side.admin],
    ['home tiles (summary), finance officer', `/api/v1/requests/summary/${a}?role=${ADMIN.scope}`, side.admin],
    ['home tiles (summary), staff', `/api/v1/requests/summary/${s}`, side.staff],
    ['request detail', `/api/v1/requests/request/${side.ids[1]}`, side.admin],
    ['budget list', '/api/v1/budget?page=1', side.admin],
    ['budget detail', `/api/v1/budget/${code}?page=1`, side.admin],
    ['budget detail, staff', `/api/v1/budget/${code}?page=1`, side.staff],
    ['balance check', `/api/v1/budget/${code}/balance?amount=1000`, side.admin],
    ['budget codes (pick list)', '/api/v1/budget/codes', side.staff],
    ['retirements list, finance officer', `/api/v1/retirement/requests?role=${ADMIN.scope}&page=1`, side.admin],
    ["retirements list, staff ('user')", '/api/v1/retirement/requests?page=1', side.staff],
    ['retirements list, owed (the Unretired tile)', `/api/v1/retirement/requests?role=${ADMIN.scope}&owed=true&page=1`, side.admin],
    // last and once: they read every row, and one that times out may still hold the server
    ['budget download (every request of the code)', `/api/v1/budget/download/${code}`, side.admin, true],
    ['requests download (every request)', `/api/v1/requests/download/${ADMIN.scope}?id=${a}`, side.admin, true],
  ].map(([name, path, who, once]) => ({ name, path, headers: as(who), once }));
}

function targetsOf(label, side, baseUrl, which) {
  const targets = [];
  const headers = (who) => ({ authorization: `Bearer ${who.token}`, token: who.token });
  if (which.includes('admin'))
    targets.push({
      key: `admin@${label}`,
      name: `list, finance officer (all) @ ${label}`,
      url: `${baseUrl}${side.lists.admin}`,
      pid: side.pid,
      headers: headers(side.admin),
    });
  if (which.includes('user'))
    targets.push({
      key: `user@${label}`,
      name: `list, staff ('user') @ ${label}`,
      url: `${baseUrl}${side.lists.user}`,
      pid: side.pid,
      headers: headers(side.staff),
    });
  const budgetCalls = {
    search: [`list, search "${SEARCH}"`, `/api/v1/requests/${ADMIN.scope}/${side.admin.id}?page=1&search=${SEARCH}`, side.admin],
    summary: ['home tiles, finance officer', `/api/v1/requests/summary/${side.admin.id}?role=${ADMIN.scope}`, side.admin],
    summaryStaff: ['home tiles, staff', `/api/v1/requests/summary/${side.staff.id}`, side.staff],
    retirements: ['retirements list, finance officer', `/api/v1/retirement/requests?role=${ADMIN.scope}&page=1`, side.admin],
    retirementsStaff: ["retirements list, staff ('user')", '/api/v1/retirement/requests?page=1', side.staff],
    budget: ['budget list, page 1', '/api/v1/budget?page=1', side.admin],
    budgetDetail: [`budget detail, code ${side.budgetCode.code}`, `/api/v1/budget/${side.budgetCode.code}?page=1`, side.admin],
    budgetDetailStaff: [`budget detail, staff, code ${side.budgetCode.code}`, `/api/v1/budget/${side.budgetCode.code}?page=1`, side.staff],
    balance: [`balance check, code ${side.budgetCode.code}`, `/api/v1/budget/${side.budgetCode.code}/balance?amount=1000`, side.admin],
  };
  for (const [kind, [name, path, who]] of Object.entries(budgetCalls)) {
    if (which.includes(kind))
      targets.push({
        key: `${kind}@${label}`,
        name: `${name} @ ${label}`,
        url: `${baseUrl}${path}`,
        pid: side.pid,
        headers: headers(who),
      });
  }
  if (which.includes('detail')) {
    const { ids } = side;
    targets.push({
      key: `detail@${label}`,
      name: `detail, ${ids.length} ids in turn @ ${label}`,
      url: `${baseUrl}/api/v1/requests/request/{id}`,
      next: (n) => `${baseUrl}/api/v1/requests/request/${ids[n % ids.length]}`,
      pid: side.pid,
      headers: headers(side.admin),
    });
  }
  return targets;
}

/**
 * Seeds, starts, checks and loads. `small` and `large` are the request counts of the two sides.
 * Returns the JSON the report and results.json take.
 */
export async function measureRequests({ small, large, options, log }) {
  log(`• Requests at scale: two fresh servers, ${small.toLocaleString('en-US')} and ${large.toLocaleString('en-US')} requests…`);
  const [smallDir, largeDir] = await migratedDataDirs(2, options);
  const seeded = {};
  const seedSeconds = {};
  for (const [label, dir, count] of [
    ['small', smallDir, small],
    ['large', largeDir, large],
  ]) {
    const started = process.hrtime.bigint();
    seeded[label] = seedRequests(dir, count, { retirements: true });
    seedSeconds[label] = Number(process.hrtime.bigint() - started) / 1e9;
  }
  log(
    `  seeded ${seeded.large.rows.toLocaleString('en-US')} request rows (${large.toLocaleString('en-US')} latest versions) and ` +
      `${seeded.large.reviews.toLocaleString('en-US')} reviews in ${seedSeconds.large.toFixed(1)} s`,
  );
  const [smallServer, largeServer] = await Promise.all([
    startAppServer({ dataDir: smallDir, name: 'requests-small', echo: options.verbose }),
    startAppServer({ dataDir: largeDir, name: 'requests-large', echo: options.verbose }),
  ]);
  const sides = {
    small: await checkedSide(`${small} requests`, smallServer, seeded.small),
    large: await checkedSide(`${large} requests`, largeServer, seeded.large),
  };
  const labelOf = { small: small.toLocaleString('en-US'), large: large.toLocaleString('en-US') };
  const targets = [
    ...targetsOf(labelOf.small, sides.small, smallServer.baseUrl, KINDS),
    ...targetsOf(labelOf.large, sides.large, largeServer.baseUrl, KINDS),
  ];
  // small and large of one kind next to each other: their segments run back to back
  const order = KINDS.flatMap((kind) => targets.filter((t) => t.key.startsWith(`${kind}@`)));
  const measured = await compareThroughput(order, options);
  const home = { small: await homeProbes(smallServer.baseUrl, sides.small), large: await homeProbes(largeServer.baseUrl, sides.large) };
  log(`  event loop: each API call alone on the ${labelOf.large} server, health asked back to back beside it…`);
  const blocks = await eventLoopBlocks(largeServer.baseUrl, blockCalls(sides.large));
  await Promise.all([smallServer.handle.stop(), largeServer.handle.stop()]);
  const byKey = Object.fromEntries(order.map((t, i) => [t.key, measured[i]]));
  const ratio = (kind, q) => byKey[`${kind}@${labelOf.large}`].latencyMs[q] / byKey[`${kind}@${labelOf.small}`].latencyMs[q];
  const scaling = Object.fromEntries(
    KINDS.map((kind) => [kind, { p50: ratio(kind, 'p50'), p99: ratio(kind, 'p99'), mean: ratio(kind, 'mean') }]),
  );
  const budgetScaling = Object.fromEntries(
    BUDGET_KINDS.map((kind) => [kind, { ...scaling[kind], pass: scaling[kind].p50 <= LIST_SCALING_GOAL }]),
  );
  const homeScaling = Object.fromEntries(
    HOME_KINDS.map((kind) => [kind, { ...scaling[kind], pass: scaling[kind].p50 <= LIST_SCALING_GOAL }]),
  );
  const worst = blocks.reduce((a, b) => (b.stallMs > a.stallMs ? b : a));
  return {
    connections: options.connections,
    seconds: options.seconds,
    warmupSeconds: options.warmup,
    rounds: options.rounds,
    counts: { small, large },
    rows: { small: seeded.small.rows, large: seeded.large.rows },
    reviews: { small: seeded.small.reviews, large: seeded.large.reviews },
    seedSeconds,
    pageSize: sides.large.pageSize,
    staffOwns: { small: seeded.small.ownedBy(sides.small.staff.id), large: seeded.large.ownedBy(sides.large.staff.id) },
    results: order.map((t, i) => ({ key: t.key, ...measured[i] })),
    listScaling: {
      goal: LIST_SCALING_GOAL,
      admin: scaling.admin,
      user: scaling.user,
      pass: scaling.admin.p50 <= LIST_SCALING_GOAL && scaling.user.p50 <= LIST_SCALING_GOAL,
    },
    detailScaling: scaling.detail,
    searchScaling: { ...scaling.search, pass: scaling.search.p50 <= LIST_SCALING_GOAL },
    homeScaling,
    retirements: { small: seeded.small.retirements, large: seeded.large.retirements },
    budgetScaling: {
      goal: LIST_SCALING_GOAL,
      codeRequests: { small: sides.small.budgetCode.requests, large: sides.large.budgetCode.requests },
      ...budgetScaling,
    },
    eventLoop: { goalMs: EVENT_LOOP_GOAL_MS, calls: blocks, worst, pass: worst.stallMs <= EVENT_LOOP_GOAL_MS },
    home,
    homeTimeoutMs: HOME_PROBE_TIMEOUT_MS,
  };
}
