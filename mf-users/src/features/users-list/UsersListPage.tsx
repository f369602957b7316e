import { useState } from 'react';
import { useNavigate } from '@imprest/router';
import { errorMessage, useMode, useSession, type Mode } from '@imprest/api-client';
import { useUserList } from '@imprest/api-client/query';
import { hasAdminPermission, optionLabel, userListRole, type User } from '@imprest/domain';
import { Box, DEFAULT_PAGE_SIZE, DataTable, FormAlert, HStack, Pagination, SearchInput, Stack, Text, useBreakpointValue } from '@imprest/ui';
import { SelectInput } from '@imprest/ui';
import { DEPARTMENT_OPTIONS } from '../../components/user-options';
import { PATHS } from '../../paths';
import { TEXT } from '../../strings';
import { USER_COLUMNS } from './user-columns';

const ALL = 'all';

/**
 * /dashboard/users. Staff mode lists the user's own department (role 'user'); admin mode lists
 * everyone under the caller's system role, filtered by department (SPEC §6). Realtime changes
 * invalidate ['users'], which refetches this page.
 */
function UsersList({ actor, mode }: { actor: User; mode: Mode }) {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [department, setDepartment] = useState(ALL);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
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

  // every change of what is listed starts again at page 1
  const refine = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
  };

  return (
    <Stack gap="4">
      <HStack gap="3" wrap="wrap" align="center">
        <Box flex={{ base: '1 1 100%', md: '0 1 auto' }}>
          <SearchInput onSearch={refine(setSearch)} placeholder={TEXT.list.search} />
        </Box>
        {admin ? (
          <Box w={{ base: 'full', md: '56' }}>
            <SelectInput
              ariaLabel={TEXT.list.departmentFilter}
              value={department}
              options={[{ value: ALL, label: TEXT.list.allDepartments }, ...DEPARTMENT_OPTIONS]}
              onChange={refine(setDepartment)}
            />
          </Box>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            {TEXT.list.staffScope(optionLabel(actor.department))}
          </Text>
        )}
      </HStack>
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
      <Pagination
        page={list.data?.page ?? page}
        pageSize={pageSize}
        total={list.data?.total ?? 0}
        onPageChange={setPage}
        onPageSizeChange={refine(setPageSize)}
        compact={compact}
      />
    </Stack>
  );
}

/** The Users section is for admins (SPEC §6); the server refuses the list to anyone else. */
export default function UsersListPage() {
  const actor = useSession((s) => s.currentUser);
  const mode = useMode((s) => s.currentMode);
  if (!actor) return null;
  if (!hasAdminPermission(actor)) return <FormAlert status="warning">{TEXT.list.notAllowed}</FormAlert>;
  // a change of mode lists other people: start afresh at page 1 with no search
  return <UsersList key={mode} actor={actor} mode={mode} />;
}
