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
/** Of the approved requests: retired and approved, retirement under way, none asked yet (the rest). */
const RETIRED = 0.6;
const RETIRING = 0.1;

/**
 * Gives the approved latest requests of `<dataDir>/imprest.sqlite` retirements: most approved
 * (requests.retired_amount set, as the server does when it approves one), some submitted and
 * waiting, the rest none yet. Deterministic over the request ids. Returns the counts.
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
    const insert =
      db.prepare(`insert into retirements (organization_id, request_id, owner_id, status, due_date, amount_spent, amount_currency, comments, file_paths,
      is_funds_returned, round, next_reviewer_role, submitted_at, decided_at, reminders_sent, created_by, created_at, modified_at)
      values (@org, @request, @owner, @status, @due, @spent, @currency, '', '[]', null, @round, @next, @submitted, @decided, 0, @owner, @created, @modified)`);
    const link = db.prepare('update requests set current_retirement = ?, retired_amount = ? where id = ?');
    const counts = { approvedRequests: approved.length, retired: 0, retiring: 0 };
    db.transaction(() => {
      for (const r of approved) {
        // a fixed spread over the ids: the same rows every run
        const x = ((r.id * 2_654_435_761) % 1_000) / 1_000;
        if (x >= RETIRED + RETIRING) continue;
        const retired = x < RETIRED;
        const createdMs = Date.parse(r.approved_at) + DAY_MS;
        const spent = Math.floor(r.amount_requested * (0.7 + 0.3 * ((x * 7) % 1)));
        const { lastInsertRowid } = insert.run({
          org: r.organization_id,
          request: r.id,
          owner: r.request_owner_id,
          status: retired ? 'approved' : 'on_progress',
          due: r.retirement_due,
          spent,
          currency: r.amount_currency,
          round: 1,
          next: retired ? null : 'finance_officer',
          submitted: new Date(createdMs + DAY_MS).toISOString(),
          decided: retired ? new Date(createdMs + 3 * DAY_MS).toISOString() : null,
          created: new Date(createdMs).toISOString(),
          modified: new Date(createdMs + 3 * DAY_MS).toISOString(),
        });
        link.run(lastInsertRowid, retired ? spent : null, r.id);
        counts[retired ? 'retired' : 'retiring'] += 1;
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

const COPIED = ['requests', 'reviews', 'retirements'];
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
      // the planner's statistics as autovacuum would have them after such a load
      await client.query('analyze');
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
