import { revalidateSession } from '../session-actions';
import { useSession } from '../session-store';
import type { User } from '@imprest/domain';

const user = { id: 7, fullname: 'Asha Mushi', system_role: 'staff' } as User;

// No server runs in a unit test: every call fails as it would offline (no answer at all).
describe('revalidateSession', () => {
  beforeEach(() => useSession.setState({ token: 'a-token', currentUser: user, tokenValidation: 'fulfilled' }));

  it('re-validates in the background without showing the full-screen loader', async () => {
    const pending = revalidateSession({ background: true });
    expect(useSession.getState().tokenValidation).toBe('fulfilled');
    await pending;
  });

  it('marks a cold-start validation as pending while it runs', async () => {
    const pending = revalidateSession();
    expect(useSession.getState().tokenValidation).toBe('pending');
    await pending;
  });

  it('keeps the session when the server cannot be reached, so the app works offline', async () => {
    await revalidateSession();
    expect(useSession.getState()).toMatchObject({ token: 'a-token', currentUser: user, tokenValidation: 'fulfilled' });
  });
});
