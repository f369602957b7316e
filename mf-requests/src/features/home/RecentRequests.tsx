import { requestQueries, useLentRoles, useRequestList, usePendingRequests } from '@imprest/api-client/query';
import { ROLE_LABELS, actingFor, type RequestRecord, type SystemRole, type User } from '@imprest/domain';
import { useNavigate } from '@imprest/router';
import { Box, DataTable, Heading, Stack, Text } from '@imprest/ui';
import { REQUEST_COLUMNS, requestColumns } from '../../components/request-columns';
import { PATHS } from '../../paths';
import { TEXT } from '../../strings';

const RECENT_COUNT = 5;

interface RecentTableProps {
  rows: RequestRecord[] | undefined;
  loading: boolean;
  hint: string;
  columns?: ReturnType<typeof requestColumns>;
}

function RecentTable({ rows, loading, hint, columns = REQUEST_COLUMNS }: RecentTableProps) {
  const navigate = useNavigate();
  return (
    <Stack as="section" gap="3" aria-labelledby="recent-requests">
      <Box>
        <Heading as="h2" id="recent-requests" size="md">
          {TEXT.recent}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {hint}
        </Text>
      </Box>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(request) => request.id}
        loading={loading}
        type={TEXT.type}
        onRowClick={(request) => navigate(PATHS.view(request.id))}
      />
    </Stack>
  );
}

/** What the table reads: the user's own latest, or what waits for their role. */
const ownRecent = (user: User) => ({ scope: 'user' as const, userId: user.id, page: 1, per_page: RECENT_COUNT });
const pendingRecent = (user: User, role: SystemRole) => ({ role, userId: user.id, page: 1, per_page: RECENT_COUNT });

/** The same read as query options, for starting it before the page renders (prefetch-home.ts). */
export const recentRequestsQuery = (user: User, role?: SystemRole) =>
  role ? requestQueries.pending(pendingRecent(user, role)) : requestQueries.list(ownRecent(user));

function OwnRecent({ user }: { user: User }) {
  const list = useRequestList(ownRecent(user));
  return <RecentTable rows={list.data?.requests} loading={list.isFetching} hint={TEXT.recentHint.own} />;
}

/** What waits for the role, and for a role a running delegation lends the user: those rows marked for the delegator. */
function PendingRecent({ user, role }: { user: User; role: SystemRole }) {
  const list = usePendingRequests(pendingRecent(user, role));
  const lent = useLentRoles(user);
  const roles = [ROLE_LABELS[role], ...lent.map((d) => TEXT.recentHint.lent(ROLE_LABELS[d.delegator_role], d.delegator_name))];
  return (
    <RecentTable
      rows={list.data?.requests}
      loading={list.isFetching}
      hint={TEXT.recentHint.pending(roles.join(TEXT.recentHint.or))}
      columns={lent.length ? requestColumns((request) => actingFor(user, request, lent)) : undefined}
    />
  );
}

/** Staff mode: the user's latest requests; admin mode: the requests waiting for their role (docs/screens.md). */
export function RecentRequests({ user, role }: { user: User; role?: SystemRole }) {
  return role ? <PendingRecent user={user} role={role} /> : <OwnRecent user={user} />;
}
