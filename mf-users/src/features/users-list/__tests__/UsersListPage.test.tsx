import { screen } from '@testing-library/react';
import { clearSession } from '@imprest/api-client';
import { renderScreen, signInAs } from '../../../test/render';
import UsersListPage from '../UsersListPage';

afterEach(() => clearSession());

describe('the users list', () => {
  it('tells someone without admin permission that the list is for admins, without asking the server', () => {
    signInAs('staff');
    renderScreen(<UsersListPage />, '/dashboard/users');
    expect(screen.getByRole('alert')).toHaveTextContent('Only admins can see the users list.');
    expect(screen.queryByLabelText('Search users')).not.toBeInTheDocument();
  });
});
