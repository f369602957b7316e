import type { RequestScope } from '@imprest/domain';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { requestsVisibleTo } from '../../access/requests';
import { COMMITTING_STATUSES } from '../budget/usage';

type Db = AppContext['db'];

/** The owner's other live requests on one code since an instant: the split view's rows (related-requests.ts). */
export interface RelatedFilter {
  organizationId: number;
  ownerId: number;
  budgetCodeId: number;
  /** The window's first instant (ISO): the organisation's midnight of its first day. */
  since: string;
  /** The request being reviewed: none of its versions is "another" request. */
  rootId: number;
}

/** The shape both queries start from: requests_org_owner_latest gives the owner's few recent rows. */
function related(db: Db, f: RelatedFilter) {
  return db
    .selectFrom('requests')
    .where('requests.organization_id', '=', f.organizationId)
    .where('requests.request_owner_id', '=', f.ownerId)
    .where('requests.is_latest', '=', 1)
    .where('requests.created_at', '>=', f.since)
    .where('requests.budget_code_id', '=', f.budgetCodeId)
    .where('requests.root_request_id', '<>', f.rootId)
    .where('requests.current_status', 'in', COMMITTING_STATUSES);
}

/** How many there are and their total (minor units): all of them, seen by the caller or not. */
export async function relatedTotals(db: Db, f: RelatedFilter): Promise<{ count: number; total: number }> {
  const row = await related(db, f)
    .select((eb) => [
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.sum<number | string | null>('requests.amount_requested').as('total'),
    ])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), total: Number(row.total ?? 0) };
}

/** Those the caller may open ('request.read' in SQL, with `scope`), newest first, at most `limit`. */
export function relatedRows(db: Db, f: RelatedFilter, caller: UserRow, scope: RequestScope, limit: number) {
  return related(db, f)
    .where(requestsVisibleTo(caller, scope))
    .select(['requests.id', 'requests.purpose', 'requests.amount_requested', 'requests.current_status', 'requests.created_at'])
    .orderBy('requests.created_at', 'desc')
    .orderBy('requests.id', 'desc')
    .limit(limit)
    .execute();
}
