import { useState } from 'react';
import { useNavigate } from '@imprest/router';
import { errorMessage, useMode, useSession } from '@imprest/api-client';
import { useRetirementList } from '@imprest/api-client/query';
import { RETIREMENTS_PAGE_SIZE, RETIREMENT_STATUS_FILTERS, hasAdminPermission, type RetirementStatusFilter } from '@imprest/domain';
import { ListFrame, usePaging } from '@imprest/ui';
import { PATHS } from '../../paths';
import { TEXT } from '../../strings';
import { RETIREMENT_COLUMNS } from './retirement-columns';

const FILTER_OPTIONS = RETIREMENT_STATUS_FILTERS.map((value) => ({ value, label: TEXT.list.filter[value] }));

/**
 * /dashboard/retirements: the user's own retirements in staff mode, what their role may see in
 * admin mode (docs/product-rules.md §Roles), searched (debounced 1000 ms), filtered by status, 15 a page; a row opens
 * the Retirement Form.
 */
export default function RetirementListPage() {
  const user = useSession((s) => s.currentUser);
  const mode = useMode((s) => s.currentMode);
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<RetirementStatusFilter>('all');
  const { page, setPage, refine } = usePaging();
  const scope = user && mode === 'admin' && hasAdminPermission(user) ? user.system_role : 'user';
  const list = useRetirementList({ scope, page, search, status }, !!user);
  if (!user) return null;

  return (
    <ListFrame
      search={{ placeholder: TEXT.list.search, onSearch: refine(setSearch) }}
      filter={{
        ariaLabel: TEXT.list.statusFilter,
        value: status,
        options: FILTER_OPTIONS,
        onChange: refine((value: string) => setStatus(value as RetirementStatusFilter)),
      }}
      error={list.isError && !list.data ? errorMessage(list.error) : null}
      table={{
        columns: RETIREMENT_COLUMNS,
        rows: list.data?.retirements,
        rowKey: (r) => r.id,
        loading: list.isFetching,
        type: TEXT.type,
        onRowClick: (r) => navigate(PATHS.form(r.id)),
      }}
      pagination={{ page: list.data?.page ?? page, pageSize: RETIREMENTS_PAGE_SIZE, total: list.data?.total ?? 0, onPageChange: setPage }}
    />
  );
}
