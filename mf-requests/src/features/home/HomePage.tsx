import { useMode, useSession } from '@imprest/api-client';
import { hasAdminPermission } from '@imprest/domain';
import { Stack } from '@imprest/ui';
import { OldestWaiting } from './OldestWaiting';
import { RecentRequests } from './RecentRequests';
import { RetirementWarnings } from './RetirementWarnings';
import { SummaryTiles } from './SummaryTiles';

/** /dashboard: who you are, the request counts and the Recent Requests table, per mode (docs/screens.md). */
export default function HomePage() {
  const user = useSession((s) => s.currentUser);
  const mode = useMode((s) => s.currentMode);
  if (!user) return null;
  // admin mode shows what awaits the user's role; a staff role never reviews, so it keeps its own
  const role = mode === 'admin' && hasAdminPermission(user) ? user.system_role : undefined;
  return (
    <Stack gap={{ base: '5', md: '6' }}>
      {!role && <RetirementWarnings user={user} />}
      {role && <OldestWaiting />}
      <SummaryTiles user={user} role={role} />
      <RecentRequests user={user} role={role} />
    </Stack>
  );
}
