import { useMode, useSession } from '@imprest/api-client';
import { AwaitingSettlementNotice } from './AwaitingSettlementNotice';
import { homeRole } from './home-role';
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
  const role = homeRole(user, mode);
  return (
    <Stack gap={{ base: '5', md: '6' }}>
      {!role && <RetirementWarnings user={user} />}
      {!role && <AwaitingSettlementNotice user={user} />}
      {role && <OldestWaiting />}
      <SummaryTiles user={user} role={role} />
      <RecentRequests user={user} role={role} />
    </Stack>
  );
}
