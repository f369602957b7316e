import { useState } from 'react';
import { useLocation, useParams } from '@imprest/router';
import { ApiError, errorMessage, getHistory, useSession } from '@imprest/api-client';
import { awaitsConnection, useBudget } from '@imprest/api-client/query';
import { hasFinancePermission } from '@imprest/domain';
import { DEFAULT_PAGE_SIZE, Stack } from '@imprest/ui';
import { HistorySection } from '@imprest/ui/forms';
import { Loading, Problem } from '../../components/PageStates';
import { codeParam, type DetailState } from '../../paths';
import { TEXT } from '../../strings';
import { BudgetOverview } from './BudgetOverview';
import { BudgetRequests } from './BudgetRequests';

/** /dashboard/budget/{code}: the code, its utilisation, its requests; Download and Edit for finance. */
export default function BudgetDetailPage() {
  const code = codeParam(useParams().code);
  const deleted = (useLocation().state as DetailState | null)?.deleted === true;
  const actor = useSession((s) => s.currentUser);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const query = useBudget(code ?? 0, { page, per_page: pageSize });

  if (!actor) return null;
  if (code === null) return <Problem message={TEXT.notFound} />;
  if (query.error instanceof ApiError && query.error.status === 404) {
    // after a delete the edit page sends the user here (docs/screens.md): say what happened
    return deleted ? <Problem status="info" message={TEXT.deleted(code)} /> : <Problem message={TEXT.notFound} />;
  }
  if (!query.data) {
    if (awaitsConnection(query)) return null; // offline: the shell says it is not saved on this device
    return query.isError ? <Problem message={errorMessage(query.error)} /> : <Loading />;
  }

  return (
    <Stack gap="6">
      <BudgetOverview budget={query.data.data} canManage={hasFinancePermission(actor)} />
      <BudgetRequests
        requests={query.data.requests}
        loading={query.isFetching}
        pageSize={pageSize}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />
      {/* who changed the code and how; a code's history is finance's */}
      {hasFinancePermission(actor) && (
        <HistorySection load={() => getHistory('budget', query.data.data.id)} refreshKey={query.data.data.modified_at} />
      )}
    </Stack>
  );
}
