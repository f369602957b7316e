import type { ReactElement } from 'react';
import type { SystemRole, User } from '@imprest/domain';
import { renderScreen as renderAt, signInAs as signIn } from '@imprest/test-utils';

/** The users screens' defaults: mounted at the add form; the position follows the system role. */
export const renderScreen = (node: ReactElement, path = '/dashboard/new-users') => renderAt(node, path);
export const signInAs = (system_role: SystemRole, id = 1): User =>
  signIn(system_role, { id, role: system_role === 'director' ? 'director' : 'admin' });
