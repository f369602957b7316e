import { Route } from '@imprest/router';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, useSession } from '@imprest/api-client';
import { SignInPage } from '../features/auth/SignInPage';
import ForgotPasswordPage from '../features/auth/ForgotPasswordPage';
import NewPasswordPage from '../features/auth/NewPasswordPage';
import ResetLinkPage from '../features/auth/ResetLinkPage';
import SuccessAuthPage from '../features/auth/SuccessAuthPage';
import { renderAt } from './render';

beforeEach(() => {
  clearSession();
  localStorage.clear();
});

describe('the reset link page', () => {
  it('passes token and email on to /new-password as navigation state', async () => {
    renderAt('/reset-link?token=abc123&email=finance_officer%40example.org', <Route path="/reset-link" element={<ResetLinkPage />} />);
    const probe = await screen.findByTestId('location');
    expect(probe).toHaveTextContent('/new-password');
    expect(JSON.parse(probe.dataset.state!)).toEqual({ token: 'abc123', email: 'finance_officer@example.org' });
  });
});

describe('the new password page', () => {
  it('sends a visitor without a token in the navigation state to /', async () => {
    renderAt('/new-password', <Route path="/new-password" element={<NewPasswordPage />} />);
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('refuses a confirmation that does not match', async () => {
    renderAt(
      { pathname: '/new-password', state: { token: 't', email: 'a@b.co' } },
      <Route path="/new-password" element={<NewPasswordPage />} />,
    );
    await userEvent.type(screen.getByLabelText(/^New Password/), 'first-password');
    await userEvent.type(screen.getByLabelText(/^Confirm Password/), 'other-password');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error! Password have to match');
    expect(screen.getByLabelText(/^Confirm Password/)).toHaveAttribute('aria-describedby', alert.id);
    expect(useSession.getState().resetPassword).toBe('idle');
    await userEvent.type(screen.getByLabelText(/^Confirm Password/), 'x');
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});

describe('the reset password page', () => {
  it('says Invalid Email address for a malformed address without calling the server', async () => {
    renderAt('/reset-password', <Route path="/reset-password" element={<ForgotPasswordPage />} />);
    await userEvent.type(screen.getByLabelText(/^Email/), 'not-an-address@');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid Email address');
    await userEvent.type(screen.getByLabelText(/^Email/), 'x');
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('refuses an empty address with the same words, the field marked invalid', async () => {
    renderAt('/reset-password', <Route path="/reset-password" element={<ForgotPasswordPage />} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid Email address');
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('goes back to sign in', async () => {
    renderAt('/reset-password', <Route path="/reset-password" element={<ForgotPasswordPage />} />);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
  });
});

describe('the sign-in page', () => {
  it('shows why sign-in failed and clears the message when the user types', async () => {
    renderAt('/', <Route path="/" element={<SignInPage />} />);
    await userEvent.type(screen.getByLabelText(/^Email/), 'director@example.org');
    await userEvent.type(screen.getByLabelText(/^Password/), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    // no server runs in a component test: the real client reports the network failure
    expect(await screen.findByRole('alert')).toHaveTextContent('The server could not be reached');
    expect(useSession.getState().login).toBe('rejected');
    await userEvent.type(screen.getByLabelText(/^Password/), 'x');
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(useSession.getState().login).toBe('idle');
  });

  it('sends a signed-in user to the dashboard', async () => {
    useSession.setState({ token: 'a-token' });
    renderAt('/', <Route path="/" element={<SignInPage />} />);
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
  });
});

describe('the success page', () => {
  it("reads 'Successful!' and leads to the log in page", async () => {
    renderAt('/success-auth', <Route path="/success-auth" element={<SuccessAuthPage />} />);
    expect(screen.getByRole('heading', { name: 'Successful!' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to Log In Page' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
