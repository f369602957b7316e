import type { ReactNode } from 'react';
import { Navigate } from '@imprest/router';
import { useSession } from '@imprest/api-client';
import { FullScreenLoader } from '../light-ui/components';

/**
 * Dashboard routes need a signed-in user. A stored session shows the dashboard at once while its
 * token is checked behind it (restoreSession): a refusal signs out and lands on Sign In, as any
 * refused call does. Only a token without a known user waits on the loader.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useSession((s) => s.token);
  const known = useSession((s) => s.currentUser !== null);
  const validation = useSession((s) => s.tokenValidation);
  if (!token) return <Navigate to="/" replace />;
  if (token === 'pending' || (validation === 'pending' && !known)) return <FullScreenLoader />;
  return <>{children}</>;
}
