import { useEffect } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from '@imprest/router';
import { listBudgetCodes, SESSION_STORAGE_KEY, useSession } from '@imprest/api-client';
import type { User } from '@imprest/domain';
import { SignInPage } from '../features/auth/SignInPage';
import { RequireAuth } from '../features/session/RequireAuth';
import { startApi, type FakeApi } from '@imprest/test-utils';

const director = {
  id: 1,
  organization_id: 1,
  fullname: 'Neema Director',
  system_role: 'director',
  role: 'director',
  settings: '{}',
} as User;
const ENDED = 'Your session has ended. Please sign in again.';

/** A dashboard page whose one button makes three signed-in calls at once, as a screen's queries do. */
function Busy() {
  const load = () => void Promise.allSettled([listBudgetCodes(), listBudgetCodes(), listBudgetCodes()]);
  return (
    <button type="button" onClick={load}>
      Load
    </button>
  );
}

/** Every path the router shows, in order, to prove there is one redirect and no more. */
function PathLog({ seen }: { seen: string[] }) {
  const { pathname } = useLocation();
  useEffect(() => void seen.push(pathname), [pathname, seen]);
  return null;
}

function renderSignedIn(seen: string[]) {
  return render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <PathLog seen={seen} />
      <Routes>
        <Route path="/" element={<SignInPage />} />
        <Route
          path="/dashboard"
          element={
            <RequireAuth>
              <Busy />
            </RequireAuth>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe('a session the server has ended', () => {
  let stub: FakeApi;
  let live: string | null;

  beforeAll(async () => {
    stub = await startApi((call) => {
      if (call.path === 'users/authenticate') return { status: 200, body: { token: 'new-token', user: director } };
      return call.headers.token === live
        ? { status: 200, body: { budget_codes: [] } }
        : { status: 401, body: { error: 'Not signed in or the session has expired', code: 'UNAUTHENTICATED' } };
    });
  });
  afterAll(() => stub.close());

  beforeEach(() => {
    localStorage.clear();
    stub.calls.length = 0;
    live = 'old-token';
    useSession.setState({ token: 'old-token', currentUser: director, tokenValidation: 'fulfilled', login: 'idle', sessionEnded: false });
  });

  it('lands on Sign In, once, saying why, with the stored token and user gone', async () => {
    const seen: string[] = [];
    renderSignedIn(seen);
    live = null; // revoked elsewhere
    await userEvent.click(screen.getByRole('button', { name: 'Load' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(ENDED);
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    await waitFor(() => expect(stub.calls).toHaveLength(3));
    expect(seen).toEqual(['/dashboard', '/']);
    const stored = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}') as {
      state?: { token: unknown; currentUser: unknown; organization: unknown };
    };
    expect(stored.state).toEqual({ token: null, currentUser: null, organization: null });
  });

  it('stays on the dashboard while the token is accepted', async () => {
    const seen: string[] = [];
    renderSignedIn(seen);
    await userEvent.click(screen.getByRole('button', { name: 'Load' }));
    await waitFor(() => expect(stub.calls).toHaveLength(3));
    expect(screen.getByRole('button', { name: 'Load' })).toBeInTheDocument();
    expect(seen).toEqual(['/dashboard']);
  });

  it('the note goes when the user signs in again', async () => {
    renderSignedIn([]);
    live = null;
    await userEvent.click(screen.getByRole('button', { name: 'Load' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ENDED);
    live = 'new-token';
    await userEvent.type(screen.getByLabelText(/^Email/), 'director@example.org');
    await userEvent.type(screen.getByLabelText(/^Password/), 'demo-pass-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(useSession.getState().token).toBe('new-token'));
    expect(useSession.getState().sessionEnded).toBe(false);
  });
});
