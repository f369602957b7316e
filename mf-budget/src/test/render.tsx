import type { ReactElement } from 'react';
import type { SystemRole, User } from '@imprest/domain';
import { renderScreen as renderAt, signInAs as signIn } from '@imprest/test-utils';

/** The budget screens' defaults: mounted at the add form, users of the finance department. */
export const renderScreen = (node: ReactElement, path = '/dashboard/new-budget', route = '*') => renderAt(node, path, { route });
export const signInAs = (system_role: SystemRole, department = 'finance'): User => signIn(system_role, { department });
