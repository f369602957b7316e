// What the reports bench adds to seed-requests.mjs: retirements of the seeded approved requests
// (so budget vs actual has money spent and the outstanding report has advances both retired and
// not), and a copy of a seeded SQLite database into a PostgreSQL schema the server migrated, so
// both dialects answer over the same rows. Raw SQL on stopped servers, as seed-requests.mjs.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { onCleanup } from './proc.mjs';
import { ROOT } from './servers.mjs';

const require = createRequire(path.join(ROOT, 'server', 'package.json'));
const SQLite = require('better-sqlite3');
const pg = require('pg');

const DAY_MS = 86_400_000;
/**
 * Of the approved requests, by a fixed spread over their ids: retirement approved (half of them
 * settled), under review, rejected and waiting for the owner, asked for but not yet submitted;
 * the rest have none yet.
 */
const SHARES = [
  ['approved', 0.55],
  ['on_progress', 0.1],
  ['rejected', 0.04],
  ['pending', 0.06],
];
const METHODS = [
  ['mobile_money', 'mpesa'],
  ['cash', null],
  ['bank_transfer', null],
];

function stateOf(x) {
  let upTo = 0;
  for (const [status, share] of SHARES) {
    upTo += share;
    if (x < upTo) return status;
  }
  return null;
}

/**
 * Gives the approved latest requests of `<dataDir>/imprest.sqlite` retirements in every status, as
 * the server leaves them (an approved one sets requests.retired_amount; half of the approved are
 * settled with a method and reference). Deterministic over the request ids; the caller recounts
 * the tallies afterwards (`rebuild-tallies`). Returns the counts.
 */
export function addRetirements(dataDir) {
  const db = new SQLite(path.join(dataDir, 'imprest.sqlite'));
  try {
    db.pragma('foreign_keys = OFF');
    const approved = db
      .prepare(
        "select id, organization_id, request_owner_id, amount_requested, amount_currency, retirement_due, approved_at from requests where is_latest = 1 and current_status = 'approved' order by id",
      )
      .all();
    const finance = db.prepare("select id, fullname from users where system_role = 'finance_officer' order by id limit 1").get();
    const insert =
      db.prepare(`insert into retirements (organization_id, request_id, owner_id, status, due_date, amount_spent, amount_currency, comments, file_paths,
      is_funds_returned, round, next_reviewer_role, submitted_at, decided_at, reminders_sent, created_by, created_at, modified_at)
      values (@org, @request, @owner, @status, @due, @spent, @currency, '', '[]', null, @round, @next, @submitted, @decided, 0, @owner, @created, @modified)`);
    const settle =
      db.prepare(`insert into settlements (organization_id, retirement_id, direction, amount, amount_currency, date, method, network,
      reference, phone, recorded_by, recorded_by_name, recorded_at)
      values (@org, @retirement, 'return', @amount, @currency, @date, @method, @network, @reference, @phone, @by, @byName, @at)`);
    const link = db.prepare('update requests set current_retirement = ?, retired_amount = ? where id = ?');
    const counts = { approvedRequests: approved.length, retired: 0, retiring: 0, rejected: 0, waiting: 0, settled: 0 };
    const counted = { approved: 'retired', on_progress: 'retiring', rejected: 'rejected', pending: 'waiting' };
    db.transaction(() => {
      for (const r of approved) {
        // a fixed spread over the ids: the same rows every run
        const x = ((r.id * 2_654_435_761) % 1_000) / 1_000;
        const status = stateOf(x);
        if (!status) continue;
        const createdMs = Date.parse(r.approved_at) + DAY_MS;
        const submitted = status !== 'pending';
        const decided = status === 'approved' || status === 'rejected';
        const spent = submitted ? Math.floor(r.amount_requested * (0.7 + 0.3 * ((x * 7) % 1))) : null;
        const { lastInsertRowid } = insert.run({
          org: r.organization_id,
          request: r.id,
          owner: r.request_owner_id,
          status,
          due: r.retirement_due,
          spent,
          currency: r.amount_currency,
          round: submitted ? 1 : 0,
          next: status === 'on_progress' ? 'finance_officer' : null,
          submitted: submitted ? new Date(createdMs + DAY_MS).toISOString() : null,
          decided: decided ? new Date(createdMs + 3 * DAY_MS).toISOString() : null,
          created: new Date(createdMs).toISOString(),
          modified: new Date(createdMs + (decided ? 3 : 1) * DAY_MS).toISOString(),
        });
        link.run(lastInsertRowid, status === 'approved' ? spent : null, r.id);
        counts[counted[status]] += 1;
        if (status === 'approved' && spent < r.amount_requested && x < 0.275 && finance) {
          const [method, network] = METHODS[r.id % METHODS.length];
          const at = new Date(createdMs + 4 * DAY_MS).toISOString();
          settle.run({
            org: r.organization_id,
            retirement: lastInsertRowid,
            amount: r.amount_requested - spent,
            currency: r.amount_currency,
            date: at.slice(0, 10),
            method,
            network,
            reference: method === 'mobile_money' ? `Q${String(r.id).padStart(9, '0')}` : method === 'cash' ? '' : `FT${r.id}`,
            phone: method === 'mobile_money' ? '+255712345678' : null,
            by: finance.id,
            byName: finance.fullname,
            at,
          });
          counts.settled += 1;
        }
      }
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
    return counts;
  } finally {
    db.close();
  }
}

/** A schema of its own on `databaseUrl`, dropped when the bench ends; the server reaches it through search_path. */
export async function freshPostgresSchema(databaseUrl, prefix) {
  const schema = `${prefix}_${Date.now().toString(36)}`;
  // pg_trgm in public first: the server's migration would create it in this schema, and dropping the
  // schema afterwards would take it from everyone using it meanwhile
  await withClient(databaseUrl, (c) => c.query('create extension if not exists pg_trgm schema public'));
  await withClient(databaseUrl, (c) => c.query(`create schema ${schema}`));
  onCleanup(() => withClient(databaseUrl, (c) => c.query(`drop schema if exists ${schema} cascade`)).catch(() => {}));
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const COPIED = ['requests', 'reviews', 'retirements', 'settlements'];
const BATCH = 5_000;

/**
 * Copies the seeded rows of a SQLite data folder into a PostgreSQL schema the server migrated and
 * seeded its demo into (the same demo, so the same organisation, user and code ids: checked), then
 * has the server recount its tallies there. The rows go through json_populate_recordset, which
 * casts SQLite's text instants and integers to the table's own column types.
 */
export async function copyToPostgres(dataDir, url) {
  const lite = new SQLite(path.join(dataDir, 'imprest.sqlite'), { readonly: true });
  try {
    await withClient(url, async (client) => {
      for (const table of ['users', 'budget_codes']) {
        const mine = lite
          .prepare(`select id from ${table} order by id`)
          .all()
          .map((r) => r.id)
          .join(',');
        const theirs = (await client.query(`select id from ${table} order by id`)).rows.map((r) => r.id).join(',');
        if (mine !== theirs) throw new Error(`the PostgreSQL demo's ${table} ids differ from SQLite's: cannot copy the seeded rows`);
      }
      await client.query('begin');
      for (const table of COPIED) {
        const rows = lite.prepare(`select * from ${table} order by id`).iterate();
        let batch = [];
        const flush = async () => {
          if (batch.length)
            await client.query(`insert into ${table} select * from json_populate_recordset(null::${table}, $1::json)`, [
              JSON.stringify(batch),
            ]);
          batch = [];
        };
        for (const row of rows) {
          batch.push(row);
          if (batch.length === BATCH) await flush();
        }
        await flush();
        await client.query(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
      }
      for (const code of lite.prepare('select id, amount from budget_codes').all())
        await client.query('update budget_codes set amount = $1 where id = $2', [code.amount, code.id]);
      for (const s of lite.prepare('select organization_id, year, last_value from approval_sequences').all()) {
        await client.query(
          'insert into approval_sequences (organization_id, year, last_value) values ($1, $2, $3) on conflict (organization_id, year) do update set last_value = excluded.last_value',
          [s.organization_id, s.year, s.last_value],
        );
      }
      await client.query('commit');
      // the planner's statistics as autovacuum would have them after such a load; the copied tables
      // only: ANALYZE of the whole database also reads other schemas on a shared server, and failed
      // there on one whose pg_trgm operator class had gone ("could not find tuple for opclass")
      await client.query(`analyze ${COPIED.join(', ')}`);
    });
  } finally {
    lite.close();
  }
  execFileSync(process.execPath, [path.join(ROOT, 'server/dist/main.js'), 'rebuild-tallies'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: url, DATA_DIR: dataDir },
    encoding: 'utf8',
    timeout: 300_000,
  });
}
