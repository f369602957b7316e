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
 * The environment of API suites run beside those on `url`'s database: none to add when it is unset
 * (SQLite only: every test has its own file), a sibling database's URL when it exists or the role
 * may create it, or null when there is none to be had (the reason is printed in one line).
 */
export async function laneDatabaseEnv(url) {
  if (!url) return {};
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
    return { TEST_DATABASE_URL: second.href };
  } catch (error) {
    if (error.code !== '3D000') return unavailable(name, error);
  }
  try {
    await attempt(url, `create database "${name.replaceAll('"', '""')}"`);
  } catch (error) {
    if (error.code !== '42P04') return unavailable(name, error);
  }
  return { TEST_DATABASE_URL: second.href };
}

function unavailable(name, error) {
  console.log(`• PostgreSQL database ${name} unavailable (${error.message}): the API suites run in one lane`);
  return null;
}
