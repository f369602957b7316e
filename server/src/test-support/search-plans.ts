import type { TestApp } from './app';
import { sqlitePlansOf } from './query-plans';
import { listRequests } from '../modules/requests/list-repository';

/** SQLite's plans of every statement of a search's first page and total, as the finance officer (the whole organisation) reads it. */
export async function searchPlans(t: TestApp, viewerId: number) {
  const viewer = await t.app.db.selectFrom('users').selectAll().where('id', '=', viewerId).executeTakeFirstOrThrow();
  return (search: string) =>
    sqlitePlansOf(t.dataDir, (db) =>
      listRequests(
        db,
        { viewer, organizationId: viewer.organization_id, viewerId, scope: { kind: 'organisation' }, search, dialect: 'sqlite' },
        { limit: 10, offset: 0 },
      ),
    );
}
