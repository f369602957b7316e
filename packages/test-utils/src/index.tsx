/** What the remotes' component tests share: a screen rendered as the shell renders it, and a signed-in user. */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import type { FakeApi } from './api-server';
import { clearSession, setSession } from '@imprest/api-client';
import { ApiProvider, queryClient } from '@imprest/api-client/query';
import type { SystemRole, User } from '@imprest/domain';
import { MemoryRouter, Route, Routes, useLocation } from '@imprest/router';
import { UiProvider } from '@imprest/ui';

export { startApi, type Call, type FakeApi, type Handler, type Reply } from './api-server';
export { aDelegation } from './delegations';
export { OWNER_ID as RETIREMENT_OWNER_ID, aRetirement, asRow } from './retirements';

/** Shows where the router ended up, so tests can assert navigation. */
function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

export interface ScreenOptions {
  /** The route pattern the screen is mounted at (e.g. 'requests/:id'); '*' by default. */
  route?: string;
  /** Navigation state the screen is opened with (e.g. {currentRequest, isEdit}). */
  state?: unknown;
}

/** Renders a screen as a remote runs it inside the shell: theme, query cache and a router at `path`. */
export function renderScreen(node: ReactElement, path = '/dashboard', { route = '*', state }: ScreenOptions = {}) {
  const [pathname, query] = path.split('?');
  return render(
    <UiProvider>
      <ApiProvider>
        <MemoryRouter
          initialEntries={[{ pathname, search: query ? `?${query}` : '', state }]}
          future={{ v7_startTransition: true, v7_relativeSplatPath: true }}
        >
          <Routes>
            <Route path={route} element={node} />
            {route !== '*' && <Route path="*" element={null} />}
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </ApiProvider>
    </UiProvider>,
  );
}

/** Signs someone in for the screen under test (the session store, no server involved). */
export function signInAs(system_role: SystemRole, overrides: Partial<User> = {}): User {
  const user: User = {
    id: 1,
    fullname: 'Test Person',
    email: `${system_role}@example.org`,
    phone_number: '0712345678',
    department: 'finance',
    role: 'staff',
    system_role,
    organization_id: 1,
    settings: '{"mute_notification":false}',
    is_locked: false,
    lock_reason: null,
    created_at: '2026-01-05T08:00:00.000Z',
    modified_at: '2026-01-05T08:00:00.000Z',
    last_logged_in: null,
    ...overrides,
  };
  setSession({ token: 'test-token', currentUser: user, tokenValidation: 'fulfilled' });
  return user;
}

/** After each test, puts back what a screen test set up: its fake API (`api()`), the session and the query cache. */
export function putBackAfterEach(api: () => FakeApi): void {
  afterEach(async () => {
    await api().close();
    clearSession();
    queryClient.clear();
  });
}
