import type { ReactNode } from 'react';
import { Navigate } from '@imprest/router';
import { useSession } from '@imprest/api-client';
import { FullScreenLoader } from '../light-ui/components';

/** Dashboard routes need a signed-in user; a token still being validated shows the loader. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useSession((s) => s.token);
  const validation = useSession((s) => s.tokenValidation);
  if (!token) return <Navigate to="/" replace />;
  if (token === 'pending' || validation === 'pending') return <FullScreenLoader />;
  return <>{children}</>;
}
