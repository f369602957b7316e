import { useState } from 'react';
import { Link, useNavigate } from '@imprest/router';
import { errorMessage, useSession } from '@imprest/api-client';
import { useBudgetList } from '@imprest/api-client/query';
import { hasFinancePermission, seesAllDepartmentBudgets } from '@imprest/domain';
import { DataTable, FormAlert, HStack, ListToolbar, Pagination, SearchInput, SelectInput, Stack, Text, usePaging } from '@imprest/ui';
import { DEPARTMENT_OPTIONS, departmentLabel } from '../../components/budget-labels';
import { PATHS } from '../../paths';
import { TEXT } from '../../strings';
import { BUDGET_COLUMNS } from './budget-columns';

const ANY = '';
const FILTER_OPTIONS = [{ value: ANY, label: TEXT.allDepartments }, ...DEPARTMENT_OPTIONS.filter((o) => o.value !== 'all')];

/**
 * /dashboard/budget. Finance and the senior roles see every department's codes and may narrow by
 * department; everyone else gets their department's codes, as the server scopes them (docs/product-rules.md §Roles).
 */
export default function BudgetListPage() {
  const actor = useSession((s) => s.currentUser);
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [department, setDepartment] = useState(ANY);
  const { page, pageSize, refine, paginationOf } = usePaging();
  const list = useBudgetList({ page, per_page: pageSize, search, department: department || undefined });
  if (!actor) return null;
  const seesAll = seesAllDepartmentBudgets(actor);

  return (
    <Stack gap="4">
      {hasFinancePermission(actor) && (
        <HStack alignSelf="flex-end" gap="4">
          <Link to={PATHS.reconciliation} style={{ fontWeight: 600 }}>
            Reconciliation
          </Link>
          <Link to={PATHS.journals} style={{ fontWeight: 600 }}>
            Journals
          </Link>
          <Link to={PATHS.reports} style={{ fontWeight: 600 }}>
            Reports
          </Link>
        </HStack>
      )}
      <ListToolbar
        search={<SearchInput onSearch={refine(setSearch)} placeholder={TEXT.list.search} />}
        filter={
          seesAll ? (
            <SelectInput
              ariaLabel={TEXT.list.departmentFilter}
              value={department}
              options={FILTER_OPTIONS}
              onChange={refine(setDepartment)}
            />
          ) : (
            <Text fontSize="sm" color="fg.muted">
              {TEXT.list.scope(departmentLabel(actor.department))}
            </Text>
          )
        }
      />
      {list.isError && !list.data ? (
        <FormAlert status="error">{errorMessage(list.error)}</FormAlert>
      ) : (
        <DataTable
          columns={BUDGET_COLUMNS}
          rows={list.data?.budget_codes}
          rowKey={(budget) => budget.id}
          loading={list.isFetching}
          type={TEXT.type}
          onRowClick={(budget) => navigate(PATHS.detail(budget.code))}
        />
      )}
      <Pagination {...paginationOf(list.data)} />
    </Stack>
  );
}
