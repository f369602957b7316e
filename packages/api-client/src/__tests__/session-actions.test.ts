import { revalidateSession } from '../session-actions';
import { useSession } from '../session-store';
import type { User } from '@imprest/domain';

const user = { id: 7, fullname: 'Asha Mushi', system_role: 'staff' } as User;

describe('revalidateSession', () => {
  beforeEach(() => useSession.setState({ token: 'a-token', currentUser: user, tokenValidation: 'fulfilled' }));

  it('keeps the screen in the background (no full-screen loader) and logs out when the token is refused', async () => {
    const pending = revalidateSession({ background: true });
    expect(useSession.getState().tokenValidation).toBe('fulfilled');
    await pending; // no server answers in a unit test: the check fails like a refused token
    expect(useSession.getState().token).toBeNull();
    expect(useSession.getState().currentUser).toBeNull();
  });

  it('marks a cold-start validation as pending while it runs', async () => {
    const pending = revalidateSession();
    expect(useSession.getState().tokenValidation).toBe('pending');
    await pending;
    expect(useSession.getState().token).toBeNull();
  });
});
