// A stored session opens the dashboard at once and its token is checked behind it; the
// server refusing the token still signs out, once, to Sign In with the note.
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@imprest/router';
import { restoreSession, useSession } from '@imprest/api-client';
import type { User } from '@imprest/domain';
import { startApi, type FakeApi } from '@imprest/test-utils';
import { SignInPage } from '../features/auth/SignInPage';
import { RequireAuth } from '../features/session/RequireAuth';

const director = {
  id: 1,
  organization_id: 1,
  fullname: 'Neema Director',
  system_role: 'director',
  role: 'director',
  settings: '{}',
} as User;
const ENDED = 'Your session has ended. Please sign in again.';

function renderDashboard() {
  return render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <Routes>
        <Route path="/" element={<SignInPage />} />
        <Route
          path="/dashboard"
          element={
            <RequireAuth>
              <p>Home tiles</p>
            </RequireAuth>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe('a session restored from storage', () => {
  let api: FakeApi;
  let accepted = true;

  beforeAll(async () => {
    api = await startApi((call) =>
      call.path === 'users/validate-token' && accepted
        ? { body: { user: { ...director, fullname: 'Neema D. Director' } } }
        : { status: 401, body: { error: 'Not signed in or the session has expired', code: 'UNAUTHENTICATED' } },
    );
  });
  afterAll(() => api.close());

  beforeEach(() => {
    localStorage.clear();
    api.calls.length = 0;
    // what the store's merge gives a stored token on a cold start
    useSession.setState({ token: 'stored-token', currentUser: director, tokenValidation: 'pending', login: 'idle', sessionEnded: false });
  });

  it('shows the dashboard while the token is still being checked, then keeps it with the answer', async () => {
    accepted = true;
    renderDashboard();
    expect(screen.getByText('Home tiles')).toBeInTheDocument();
    expect(useSession.getState().tokenValidation).toBe('pending');

    await act(() => restoreSession());
    expect(api.calls.map((c) => c.path)).toEqual(['users/validate-token']);
    expect(useSession.getState()).toMatchObject({ tokenValidation: 'fulfilled', currentUser: { fullname: 'Neema D. Director' } });
    expect(screen.getByText('Home tiles')).toBeInTheDocument();
  });

  it('signs out to Sign In, with the note, when the server refuses the stored token', async () => {
    accepted = false;
    renderDashboard();
    expect(screen.getByText('Home tiles')).toBeInTheDocument();

    await act(() => restoreSession());
    expect(await screen.findByRole('alert')).toHaveTextContent(ENDED);
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByText('Home tiles')).not.toBeInTheDocument();
    await waitFor(() => expect(useSession.getState()).toMatchObject({ token: null, currentUser: null }));
  });

  it('waits on the loader for a token whose user is not known', () => {
    useSession.setState({ currentUser: null });
    renderDashboard();
    expect(screen.queryByText('Home tiles')).not.toBeInTheDocument();
  });
});
