import type { Kysely } from 'kysely';
import { maySeeRequest } from '../../access/requests';
import type { Database } from '../../db/schema';
import { chainRolesOf } from './repository';

/**
 * The users who may see a request, by the same rule as its detail call (access 'request.read':
 * owner, finance, and the roles of its chain in any version). `update_request` goes only to them:
 * even an id tells others that somebody's request moved. Empty when the request is not there.
 * The app hands it to the realtime layer (createRealtime's `audience`), which knows no module.
 */
export async function requestAudience(db: Kysely<Database>, organizationId: number, requestId: number): Promise<number[]> {
  const request = await db
    .selectFrom('requests')
    .select(['id', 'organization_id', 'request_owner_id', 'root_request_id'])
    .where('id', '=', requestId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!request) return [];
  const chainRoles = await chainRolesOf(db, request.root_request_id ?? request.id);
  const users = await db
    .selectFrom('users')
    .select(['id', 'organization_id', 'system_role'])
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .execute();
  return users.filter((user) => maySeeRequest(user, request, chainRoles)).map((user) => user.id);
}
