import { useState } from 'react';
import { errorMessage, useMode, useSession } from '@imprest/api-client';
import { useLentRoles, useRequestList } from '@imprest/api-client/query';
import { REQUEST_STATUS_FILTERS, actingFor, listScope, type RequestRecord } from '@imprest/domain';
import { useSearchParams } from '@imprest/router';
import { FilterNotice, ListFrame, useStatusList } from '@imprest/ui';
import { requestColumns } from '../../components/request-columns';
import { TEXT } from '../../strings';
import { actionColumn } from './action-column';
import { BulkAccept } from './BulkAccept';
import { RequestPreview } from './RequestPreview';

/**
 * /dashboard/requests: the user's own requests in staff mode, what their role may see in admin
 * mode (docs/product-rules.md §Roles), searched, filtered by status and paged; a row opens its preview.
 */
export default function RequestsListPage() {
  const user = useSession((s) => s.currentUser);
  const mode = useMode((s) => s.currentMode);
  const { search, status, toolbar, page, pageSize, paginationOf } = useStatusList(REQUEST_STATUS_FILTERS, TEXT.list);
  const [previewed, setPreviewed] = useState<RequestRecord | null>(null);
  const [params, setParams] = useSearchParams();
  // opened from the home's Unretired Requests tile
  const unretired = params.get('unretired') === 'true';
  const scope = user ? listScope(user, mode) : 'user';
  // admin mode: a request at a step lent by a running delegation is listed as the role's own, marked for its delegator
  const lent = useLentRoles(scope === 'user' ? null : user);
  const list = useRequestList({
    scope,
    userId: user?.id ?? 0,
    page,
    per_page: pageSize,
    search,
    status,
    ...(unretired ? { unretired } : {}),
  });
  if (!user) return null;
  const columns = [...requestColumns(lent.length ? (request) => actingFor(user, request, lent) : undefined), actionColumn];

  return (
    <ListFrame
      toolbar={toolbar}
      list={list}
      describe={errorMessage}
      table={{ columns, rows: list.data?.requests, type: TEXT.type, onRowClick: setPreviewed }}
      pagination={paginationOf(list.data)}
      after={<RequestPreview request={previewed} onClose={() => setPreviewed(null)} />}
    >
      {unretired && (
        <FilterNotice
          text={TEXT.list.unretired}
          clear={TEXT.list.showAll}
          onClear={() => setParams({}, { replace: true })}
          testId="unretired-filter"
        />
      )}
      {scope !== 'user' && <BulkAccept role={scope} userId={user.id} onDone={() => void list.refetch()} />}
    </ListFrame>
  );
}
