// The PostgreSQL database of `npm test`'s second lane. Each API test migrates a schema of its own,
// and Kysely's migrator reads the catalog of every schema in its database: beside a test of another
// process it met a column that test was adding ("column … does not exist"). Two databases keep the
// two lanes' catalogs apart; without a second one, the API suites run in one lane only.
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from './lib.mjs';

/** The second lane's database name: the first's with this ending (.ci/run creates it beside the first). */
const LANE_DATABASE_SUFFIX = '_lane2';

/**
 * The URL of a database for API suites run beside those on `url`'s: `url` itself when it is unset
 * (SQLite only: every test has its own file), a sibling database that exists or that the role may
 * create, or null when there is none to be had (the reason is printed in one line).
 */
export async function laneDatabaseUrl(url) {
  if (!url) return url;
  const { Client } = createRequire(path.join(ROOT, 'server', 'package.json'))('pg');
  const first = new URL(url);
  const name = `${decodeURIComponent(first.pathname.slice(1))}${LANE_DATABASE_SUFFIX}`;
  const second = new URL(url);
  second.pathname = `/${encodeURIComponent(name)}`;
  const attempt = async (connectionString, statement) => {
    const client = new Client({ connectionString, connectionTimeoutMillis: 5000 });
    try {
      await client.connect();
      await client.query(statement);
    } finally {
      await client.end().catch(() => {});
    }
  };
  try {
    await attempt(second.href, 'select 1');
    return second.href;
  } catch (error) {
    if (error.code !== '3D000') return unavailable(name, error);
  }
  try {
    await attempt(url, `create database "${name.replaceAll('"', '""')}"`);
    return second.href;
  } catch (error) {
    return error.code === '42P04' ? second.href : unavailable(name, error);
  }
}

function unavailable(name, error) {
  console.log(`• PostgreSQL database ${name} unavailable (${error.message}): the API suites run in one lane`);
  return null;
}
