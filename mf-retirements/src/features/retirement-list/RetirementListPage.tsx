import { useNavigate, useSearchParams } from '@imprest/router';
import { errorMessage, useMode, useSession } from '@imprest/api-client';
import { useLentRoles, useRetirementList } from '@imprest/api-client/query';
import { RETIREMENTS_PAGE_SIZE, RETIREMENT_STATUS_FILTERS, hasAdminPermission } from '@imprest/domain';
import { FilterNotice, ListFrame, useStatusList } from '@imprest/ui';
import { retirementReviewCapacity } from '../../components/review-capacity';
import { PATHS } from '../../paths';
import { TEXT } from '../../strings';
import { retirementColumns } from './retirement-columns';

/**
 * /dashboard/retirements: the user's own retirements in staff mode, what their role may see in
 * admin mode (docs/product-rules.md §Roles), searched (debounced 1000 ms), filtered by status, 15 a page; a row opens
 * the Retirement Form.
 */
export default function RetirementListPage() {
  const user = useSession((s) => s.currentUser);
  const mode = useMode((s) => s.currentMode);
  const navigate = useNavigate();
  const { search, status, toolbar, page, setPage } = useStatusList(RETIREMENT_STATUS_FILTERS, TEXT.list);
  const [params, setParams] = useSearchParams();
  // opened from the home's Unretired Requests tile; in the address so the link, a reload and Back keep it
  const owed = params.get('owed') === 'true';
  const scope = user && mode === 'admin' && hasAdminPermission(user) ? user.system_role : 'user';
  const list = useRetirementList({ scope, page, search, status, ...(owed ? { owed } : {}) }, !!user);
  const lent = useLentRoles(user);
  if (!user) return null;
  // in admin mode a row whose step a running delegation lends the viewer says for whom (as the requests list)
  const columns = retirementColumns(
    scope === 'user' ? undefined : (r) => retirementReviewCapacity(user, r, lent)?.onBehalfOf?.fullname ?? null,
  );

  return (
    <ListFrame
      toolbar={toolbar}
      list={list}
      describe={errorMessage}
      table={{ columns, rows: list.data?.retirements, type: TEXT.type, onRowClick: (r) => navigate(PATHS.form(r.id)) }}
      pagination={{ page: list.data?.page ?? page, pageSize: RETIREMENTS_PAGE_SIZE, total: list.data?.total ?? 0, onPageChange: setPage }}
    >
      {owed && (
        <FilterNotice
          text={TEXT.list.owed}
          clear={TEXT.list.showAll}
          onClear={() => setParams({}, { replace: true })}
          testId="owed-filter"
        />
      )}
    </ListFrame>
  );
}
