import { useState } from 'react';
import { errorMessage, useMode, useSession } from '@imprest/api-client';
import { useRequestList } from '@imprest/api-client/query';
import { REQUEST_STATUS_FILTERS, hasAdminPermission, type RequestRecord } from '@imprest/domain';
import { useSearchParams } from '@imprest/router';
import { Button, Flex, ListFrame, Text, useStatusList } from '@imprest/ui';
import { REQUEST_COLUMNS } from '../../components/request-columns';
import { TEXT } from '../../strings';
import { actionColumn } from './action-column';
import { BulkAccept } from './BulkAccept';
import { RequestPreview } from './RequestPreview';

const COLUMNS = [...REQUEST_COLUMNS, actionColumn];

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
  const scope = user && mode === 'admin' && hasAdminPermission(user) ? user.system_role : 'user';
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

  return (
    <ListFrame
      toolbar={toolbar}
      list={list}
      describe={errorMessage}
      table={{ columns: COLUMNS, rows: list.data?.requests, type: TEXT.type, onRowClick: setPreviewed }}
      pagination={paginationOf(list.data)}
      after={<RequestPreview request={previewed} onClose={() => setPreviewed(null)} />}
    >
      {unretired && (
        <Flex align="center" gap="3" wrap="wrap" bg="teal.50" borderRadius="md" px="3" py="2" data-testid="unretired-filter">
          <Text fontSize="sm">{TEXT.list.unretired}</Text>
          <Button size="xs" variant="outline" onClick={() => setParams({}, { replace: true })}>
            {TEXT.list.showAll}
          </Button>
        </Flex>
      )}
      {scope !== 'user' && <BulkAccept role={scope} userId={user.id} onDone={() => void list.refetch()} />}
    </ListFrame>
  );
}
