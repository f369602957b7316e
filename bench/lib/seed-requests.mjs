// Fills a stopped server's SQLite database with requests and their review chains, straight into
// the tables the server's own migrations made (raw SQL, one transaction: 100,000 requests take
// seconds). Reads the organisation, demo users and budget codes the first start seeded, so the
// rows are spread across them. Deterministic: the same count gives the same rows.
import { createRequire } from 'node:module';
import path from 'node:path';
import { addRetirements } from './seed-reports.mjs';
import { ROOT, runServerCommand } from './servers.mjs';

// better-sqlite3 is the server's own dependency: use its copy rather than a second one
const require = createRequire(path.join(ROOT, 'server', 'package.json'));
const SQLite = require('better-sqlite3');

const DAY_MS = 86_400_000;
/** docs/product-rules.md: band B below 150,000,000 TZS (two steps), band A from it (three). */
const CHAINS = {
  B: ['finance_officer', 'executive_secretary'],
  A: ['finance_officer', 'executive_secretary', 'director'],
};
const CHAIN_ROLES = new Set([...CHAINS.A]);
const PURPOSES = {
  travel: ['publicTransport', 'companyTransport', 'selfDrive', 'airTransport'],
  accomodation: ['hotel', 'hostel', 'camp', 'other'],
  meals: ['catering', 'grocery', 'other'],
  pettyCash: ['other'],
  kits: ['product', 'support', 'other'],
  procurement: ['goods', 'services'],
  other: ['other'],
};
const SUPPLIERS = [
  'Dar Express',
  'Kilimanjaro Hotel',
  'Tanga Stationers',
  'Mlimani Caterers',
  'Precision Air',
  'Kariakoo Hardware',
  'STEM Supplies Ltd',
];
const PAYMENT_MODES = ['cash', 'bank_transfer', 'cheque'];
const TAX = ['taxInclusive', 'taxExclusive'];
/** Share of the latest versions in each status (sums to 1). */
const STATUS_MIX = [
  ['pending', 0.25],
  ['on_progress', 0.15],
  ['approved', 0.4],
  ['rejected', 0.1],
  ['request_edit', 0.1],
];
/** Share of requests that are a resubmission (version 2 of a returned version 1). */
const RESUBMITTED = 0.06;
/** Share of band A (three-step) requests. */
const BAND_A = 0.08;

/** mulberry32: a small seeded generator, so two runs seed the same rows. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function weighted(rand, pairs) {
  let x = rand();
  for (const [value, weight] of pairs) {
    if (x < weight) return value;
    x -= weight;
  }
  return pairs.at(-1)[0];
}

const pick = (rand, list) => list[Math.floor(rand() * list.length)];
const iso = (ms) => new Date(ms).toISOString();
const day = (ms) => iso(ms).slice(0, 10);

/** Review rows for a chain whose latest state is `status`; returns the rows and the next role. */
function chainFor(status, roles, rand) {
  const steps = roles.map((role) => ({ role, status: 'pending' }));
  let next = null;
  if (status === 'pending') next = roles[0];
  else if (status === 'on_progress') {
    const done = 1 + Math.floor(rand() * (roles.length - 1));
    for (let i = 0; i < done; i += 1) steps[i].status = 'approved';
    next = roles[done];
  } else if (status === 'approved') {
    for (const s of steps) s.status = 'approved';
  } else {
    // rejected or returned at some step; the steps before it approved, the later ones stay pending
    const at = Math.floor(rand() * roles.length);
    for (let i = 0; i < at; i += 1) steps[i].status = 'approved';
    steps[at].status = status;
  }
  return { steps, next };
}

const COMMENTS = {
  approved: 'Checked against the budget; fine.',
  rejected: 'Not within this budget line.',
  request_edit: 'Please attach the supplier quotation.',
};

/**
 * Inserts `count` latest-version requests (plus the superseded first versions of the
 * resubmitted ones) into `<dataDir>/imprest.sqlite`, which must hold no requests yet, then has
 * the server recount the lists' tallies from them (its own SQL, not a copy here).
 * Returns what a check of the server's answers needs: the counts and a sample of ids.
 */
export function seedRequests(dataDir, count, options = {}) {
  const seeded = insertRequests(dataDir, count, options);
  // a realistic organisation: retirements of the approved requests in every status, some settled
  if (options.retirements) seeded.retirements = addRetirements(dataDir);
  runServerCommand(dataDir, 'rebuild-tallies');
  return seeded;
}

function insertRequests(dataDir, count, { seed = 20_261_122, now = Date.now() } = {}) {
  const db = new SQLite(path.join(dataDir, 'imprest.sqlite'));
  try {
    db.pragma('journal_mode = WAL');
    // references checked once at the end (foreign_key_check), not row by row: half the time
    db.pragma('foreign_keys = OFF');
    // the indexes take keys in no particular order: keep their pages in memory while the transaction lasts
    db.pragma('cache_size = -262144');
    const organization = db.prepare('select id from organizations order by id limit 1').get();
    if (!organization) throw new Error('no organisation in the database: the server’s first start did not seed the demo');
    const existing = db.prepare('select count(*) as n from requests').get().n;
    if (existing) throw new Error(`the database already holds ${existing} requests`);
    const users = db
      .prepare('select id, fullname, email, department, role, system_role from users where organization_id = ? and deleted_at is null')
      .all(organization.id);
    const byRole = new Map(users.map((u) => [u.system_role, u]));
    for (const role of CHAIN_ROLES) if (!byRole.has(role)) throw new Error(`no demo ${role} to review the seeded chains`);
    // owners: everybody outside the default chains (no self-review to resolve), mostly the two staff members
    const staff = users.find((u) => u.email === 'staff@example.org');
    const staff2 = users.find((u) => u.email === 'staff2@example.org');
    if (!staff || !staff2) throw new Error('the demo staff@example.org and staff2@example.org are missing');
    const others = users.filter((u) => !CHAIN_ROLES.has(u.system_role) && u !== staff && u !== staff2);
    const owners = [[staff, 0.35], [staff2, 0.25], ...others.map((u) => [u, 0.4 / others.length])];
    const codes = db
      .prepare("select id, amount, amount_currency from budget_codes where organization_id = ? and current_status = 'active' order by id")
      .all(organization.id);
    if (!codes.length) throw new Error('no active budget code to spread the requests over');
    const codeTotal = codes.reduce((s, c) => s + c.amount, 0);
    const codeWeights = codes.map((c) => [c, c.amount / codeTotal]);

    const insertRequest = db.prepare(`insert into requests (
      id, organization_id, request_owner_id, request_owner_name, department, purpose, mode_of_service,
      name_of_establishment, expenditure_date, expenditure_justification, amount_requested, amount_currency,
      budget_code_id, tax_status, payment_mode, file_paths, parent_request, root_request_id, version, is_latest,
      current_status, next_reviewer_role, band, cascading_notification, approval_number, approved_at,
      retirement_due, current_retirement, created_at, modified_at
    ) values (
      @id, @organization_id, @request_owner_id, @request_owner_name, @department, @purpose, @mode_of_service,
      @name_of_establishment, @expenditure_date, @expenditure_justification, @amount_requested, @amount_currency,
      @budget_code_id, @tax_status, @payment_mode, '[]', @parent_request, @root_request_id, @version, @is_latest,
      @current_status, @next_reviewer_role, @band, 0, @approval_number, @approved_at,
      @retirement_due, null, @created_at, @modified_at
    )`);
    const insertReview = db.prepare(`insert into reviews (
      organization_id, request_id, position, reviewer_role, status, reviewer_id, reviewer_name, reviewer_title, comments, acted_at, created_at
    ) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);

    const rand = random(seed);
    const firstId = (db.prepare('select max(id) as id from requests').get().id ?? 0) + 1;
    // creation times spread evenly over two years up to an hour ago, rising with the id
    const span = 730 * DAY_MS;
    const start = now - span - 3_600_000;
    const sequences = new Map(); // approval year → last number given
    let id = firstId;
    let rows = 0;
    let reviews = 0;
    const owned = new Map();
    const latestIds = [];

    const writeReviews = (requestId, steps, createdMs) => {
      steps.forEach((s, position) => {
        const acted = s.status !== 'pending';
        const reviewer = acted ? byRole.get(s.role) : null;
        const actedAt = acted ? iso(createdMs + (position + 1) * 3_600_000) : null;
        insertReview.run(
          organization.id,
          requestId,
          position,
          s.role,
          s.status,
          reviewer?.id ?? null,
          reviewer?.fullname ?? null,
          reviewer?.role ?? null,
          acted ? COMMENTS[s.status] : '',
          actedAt,
          iso(createdMs),
        );
        reviews += 1;
      });
    };

    // the migrations' indexes, built once after the rows are in (a sorted build) rather than row by row
    const indexes = db
      .prepare("select name, sql from sqlite_master where type = 'index' and tbl_name in ('requests', 'reviews') and sql is not null")
      .all();
    db.transaction(() => {
      for (const index of indexes) db.exec(`drop index "${index.name}"`);
      for (let n = 0; n < count; n += 1) {
        const createdMs = start + Math.floor((span * n) / count);
        const owner = weighted(rand, owners);
        const purpose = pick(rand, Object.keys(PURPOSES));
        const band = rand() < BAND_A ? 'A' : 'B';
        const roles = CHAINS[band];
        // whole shillings in cents; band A from the 150,000,000 TZS threshold
        const shillings = band === 'A' ? 150_000_000 + Math.floor(rand() * 100_000_000) : 10_000 + Math.floor(rand() * 4_990_000);
        const code = weighted(rand, codeWeights);
        const base = {
          organization_id: organization.id,
          request_owner_id: owner.id,
          request_owner_name: owner.fullname,
          department: owner.department,
          purpose,
          mode_of_service: pick(rand, PURPOSES[purpose]),
          name_of_establishment: pick(rand, SUPPLIERS),
          expenditure_date: day(createdMs + (1 + Math.floor(rand() * 30)) * DAY_MS),
          expenditure_justification: `Seeded request ${n + 1} for the requests bench: ${purpose} for the ${owner.department} team.`,
          amount_requested: shillings * 100,
          budget_code_id: code.id,
          // a request is in its code's currency (docs/product-rules.md), as the server stores it
          amount_currency: code.amount_currency,
          tax_status: pick(rand, TAX),
          payment_mode: pick(rand, PAYMENT_MODES),
          band,
        };
        const status = weighted(rand, STATUS_MIX);
        let rootId = id;
        let parent = null;
        let version = 1;
        if (rand() < RESUBMITTED) {
          // version 1, returned for edits at its first step, then superseded
          const v1Ms = createdMs - 2 * DAY_MS;
          insertRequest.run({
            ...base,
            id,
            amount_requested: base.amount_requested + 50_000_00,
            parent_request: null,
            root_request_id: id,
            version: 1,
            is_latest: 0,
            current_status: 'request_edit',
            next_reviewer_role: null,
            approval_number: null,
            approved_at: null,
            retirement_due: null,
            created_at: iso(v1Ms),
            modified_at: iso(v1Ms + 3_600_000),
          });
          writeReviews(
            id,
            roles.map((role, i) => ({ role, status: i === 0 ? 'request_edit' : 'pending' })),
            v1Ms,
          );
          rows += 1;
          parent = id;
          version = 2;
          id += 1;
        }
        const { steps, next } = chainFor(status, roles, rand);
        let approvalNumber = null;
        let approvedAt = null;
        if (status === 'approved') {
          const approvedMs = createdMs + roles.length * 3_600_000;
          const year = new Date(approvedMs).getUTCFullYear();
          const seq = (sequences.get(year) ?? 0) + 1;
          if (seq > 99_999) throw new Error(`more than 99,999 approvals in ${year}`);
          sequences.set(year, seq);
          approvalNumber = `${year}-${String(seq).padStart(5, '0')}`;
          approvedAt = iso(approvedMs);
        }
        insertRequest.run({
          ...base,
          id,
          parent_request: parent,
          root_request_id: rootId,
          version,
          is_latest: 1,
          current_status: status,
          next_reviewer_role: next,
          approval_number: approvalNumber,
          approved_at: approvedAt,
          // the later of the expenditure and approval days (the server keeps it from approval on)
          retirement_due: approvedAt && (base.expenditure_date > approvedAt.slice(0, 10) ? base.expenditure_date : approvedAt.slice(0, 10)),
          created_at: iso(createdMs),
          modified_at: iso(createdMs + 3_600_000),
        });
        writeReviews(id, steps, createdMs);
        latestIds.push(id);
        owned.set(owner.id, (owned.get(owner.id) ?? 0) + 1);
        rows += 1;
        id += 1;
      }
      for (const index of indexes) db.exec(index.sql);
      const upsertSequence = db.prepare(
        'insert into approval_sequences (organization_id, year, last_value) values (?, ?, ?) on conflict (organization_id, year) do update set last_value = max(last_value, excluded.last_value)',
      );
      for (const [year, last] of sequences) upsertSequence.run(organization.id, year, last);
      // every code keeps a positive balance: its amount covers what its requests commit, and more
      const committed = db.prepare(
        "select budget_code_id as id, sum(amount_requested) as total from requests where is_latest = 1 and current_status in ('pending', 'on_progress', 'request_edit', 'approved') group by budget_code_id",
      );
      const raise = db.prepare('update budget_codes set amount = max(amount, ?) where id = ?');
      for (const c of committed.all()) raise.run(Math.ceil((c.total * 1.25) / 10_000_00) * 10_000_00, c.id);
      const broken = [...db.pragma('foreign_key_check(requests)'), ...db.pragma('foreign_key_check(reviews)')];
      if (broken.length) throw new Error(`seeded rows break ${broken.length} references, e.g. ${JSON.stringify(broken[0])}`);
    })();
    // no ANALYZE: the planner sees what it sees in production, where nobody runs one
    db.pragma('wal_checkpoint(TRUNCATE)');
    return {
      organizationId: organization.id,
      latest: count,
      rows,
      reviews,
      ownedBy: (userId) => owned.get(userId) ?? 0,
      users: Object.fromEntries(users.map((u) => [u.email, u.id])),
      /** Latest-version ids spread over the whole range, for the detail load. */
      sampleIds: (k) =>
        Array.from(
          { length: Math.min(k, latestIds.length) },
          (_, i) => latestIds[Math.floor((i * latestIds.length) / Math.min(k, latestIds.length))],
        ),
    };
  } finally {
    db.close();
  }
}
