import { Route } from '@imprest/router';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession } from '@imprest/api-client';
import NewPasswordPage from '../features/auth/NewPasswordPage';
import SuccessAuthPage from '../features/auth/SuccessAuthPage';
import { startApi, type FakeApi, type Reply } from '@imprest/test-utils';
import { renderAt } from './render';

const USED =
  "Error. Couldn't reset password: this link has already been used. To change your password again, ask for a new link with Reset Password.";

// POST forgot-password/validate is played by a local HTTP server, answering as the server does.
describe('a reset link that no longer works', () => {
  let stub: FakeApi;
  let next: Reply;
  beforeAll(async () => {
    stub = await startApi(() => next);
  });
  afterAll(() => stub.close());
  beforeEach(() => clearSession());

  async function submit() {
    renderAt(
      { pathname: '/new-password', state: { token: 't', email: 'a@b.co' } },
      <>
        <Route path="/new-password" element={<NewPasswordPage />} />
        <Route path="/success-auth" element={<SuccessAuthPage />} />
      </>,
    );
    await userEvent.type(screen.getByLabelText(/^New Password/), 'a-long-password');
    await userEvent.type(screen.getByLabelText(/^Confirm Password/), 'a-long-password');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
  }

  it('says why, in the server’s words, and offers a new link', async () => {
    next = { status: 400, body: { error: USED, code: 'RESET_LINK_USED' } };
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(USED);
    await userEvent.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/reset-password');
  });

  it('keeps SPEC’s bare text when the server gives no reason', async () => {
    next = { status: 400, body: { error: "Error. Couldn't reset password", code: 'RESET_LINK_INVALID' } };
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Error\. Couldn't reset password$/);
    expect(screen.queryByRole('link', { name: 'Ask for a new link' })).not.toBeInTheDocument();
  });

  it('ends on a page that suits a new user as well as a reset: no "changed" password', async () => {
    next = { status: 200, body: { message: 'Password reset successful' } };
    await submit();
    expect(await screen.findByRole('heading', { name: 'Successful!' })).toBeInTheDocument();
    expect(screen.getByText('Your password is set. You can now log in with it.')).toBeInTheDocument();
    expect(screen.queryByText(/changed/)).not.toBeInTheDocument();
  });
});
