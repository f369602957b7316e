import { useState } from 'react';
import { useNavigate } from '@imprest/router';
import { errorMessage, useMode, useSession, type Mode } from '@imprest/api-client';
import { useUserList } from '@imprest/api-client/query';
import { hasAdminPermission, optionLabel, userListRole, type User } from '@imprest/domain';
import {
  DataTable,
  FormAlert,
  ListToolbar,
  Pagination,
  SearchInput,
  SelectInput,
  Stack,
  Text,
  useBreakpointValue,
  usePaging,
} from '@imprest/ui';
import { DEPARTMENT_OPTIONS } from '../../components/user-options';
import { PATHS } from '../../paths';
import { TEXT } from '../../strings';
import { USER_COLUMNS } from './user-columns';

const ALL = 'all';

/**
 * /dashboard/users. Staff mode lists the user's own department (role 'user'); admin mode lists
 * everyone under the caller's system role, filtered by department (docs/product-rules.md §Roles). Realtime changes
 * invalidate ['users'], which refetches this page.
 */
function UsersList({ actor, mode }: { actor: User; mode: Mode }) {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [department, setDepartment] = useState(ALL);
  const { page, pageSize, refine, paginationOf } = usePaging();
  const admin = mode === 'admin';
  const query = {
    department: admin ? department : actor.department,
    role: userListRole(mode, actor),
    page,
    per_page: pageSize,
    search,
  };
  const list = useUserList(query);
  const compact = useBreakpointValue({ base: true, md: false }) ?? false;

  return (
    <Stack gap="4">
      <ListToolbar
        search={<SearchInput onSearch={refine(setSearch)} placeholder={TEXT.list.search} />}
        filter={
          admin ? (
            <SelectInput
              ariaLabel={TEXT.list.departmentFilter}
              value={department}
              options={[{ value: ALL, label: TEXT.list.allDepartments }, ...DEPARTMENT_OPTIONS]}
              onChange={refine(setDepartment)}
            />
          ) : (
            <Text fontSize="sm" color="fg.muted">
              {TEXT.list.staffScope(optionLabel(actor.department))}
            </Text>
          )
        }
      />
      {list.isError && !list.data ? (
        <FormAlert status="error">{errorMessage(list.error)}</FormAlert>
      ) : (
        <DataTable
          columns={USER_COLUMNS}
          rows={list.data?.users}
          rowKey={(user) => user.id}
          loading={list.isFetching}
          type={TEXT.type}
          onRowClick={(user) => navigate(PATHS.viewUser(user.id))}
        />
      )}
      <Pagination {...paginationOf(list.data)} compact={compact} />
    </Stack>
  );
}

/** The Users section is for admins (docs/product-rules.md §Roles); the server refuses the list to anyone else. */
export default function UsersListPage() {
  const actor = useSession((s) => s.currentUser);
  const mode = useMode((s) => s.currentMode);
  if (!actor) return null;
  if (!hasAdminPermission(actor)) return <FormAlert status="warning">{TEXT.list.notAllowed}</FormAlert>;
  // a change of mode lists other people: start afresh at page 1 with no search
  return <UsersList key={mode} actor={actor} mode={mode} />;
}
