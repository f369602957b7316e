import { Route } from '@imprest/router';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession } from '@imprest/api-client';
import ConfirmEmailPage from '../features/auth/ConfirmEmailPage';
import { renderAt } from './render';
import { startApi, type FakeApi, type Reply } from '@imprest/test-utils';

const page = <Route path="/confirm-email" element={<ConfirmEmailPage />} />;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The API (POST users/confirm-email) is played by a local HTTP server: status and body as the server sends them.
describe('the confirm e-mail page', () => {
  let stub: FakeApi;
  let next: Reply;

  beforeAll(async () => {
    stub = await startApi(() => next);
  });
  afterAll(() => stub.close());
  beforeEach(() => {
    clearSession();
    stub.calls.length = 0;
  });

  it('does nothing on load, so a mail scanner opening the link confirms nothing', async () => {
    next = { status: 200, body: { email: 'new@example.org' } };
    renderAt('/confirm-email?token=tok-123', page);
    expect(screen.getByRole('heading', { name: 'Confirm E-mail Address' })).toBeInTheDocument();
    expect(screen.getByText(/makes the address it was sent to the e-mail you sign in/)).toBeInTheDocument();
    await pause(300);
    expect(stub.calls).toEqual([]);
  });

  it('confirms with the token on the button and says which address is now the sign-in address', async () => {
    next = { status: 200, body: { email: 'new.director@example.org' } };
    renderAt('/confirm-email?token=tok-123', page);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm e-mail address' }));

    expect(await screen.findByText('Your e-mail address is now new.director@example.org. Sign in with it.')).toBeInTheDocument();
    expect(stub.calls).toEqual([expect.objectContaining({ method: 'POST', path: 'users/confirm-email', body: { token: 'tok-123' } })]);
    expect(stub.calls[0].headers.token).toBeUndefined();
    expect(screen.queryByRole('button', { name: 'Confirm e-mail address' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to Log In Page' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it("shows the server's refusal and leads to the log in page, without a second try", async () => {
    next = {
      status: 400,
      body: { error: 'This confirmation link is invalid, was replaced by a newer one, or has expired', code: 'BAD_REQUEST' },
    };
    renderAt('/confirm-email?token=used', page);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm e-mail address' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This confirmation link is invalid, was replaced by a newer one, or has expired',
    );
    expect(screen.queryByRole('button', { name: 'Confirm e-mail address' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to Log In Page' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it.each([
    [429, 'Too many requests, please try again later'],
    [503, 'Something went wrong'],
  ])('keeps the button after a %i, so the user can try again', async (status, error) => {
    next = { status, body: { error, code: 'ERROR' } };
    renderAt('/confirm-email?token=tok-123', page);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm e-mail address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(error);

    next = { status: 200, body: { email: 'new@example.org' } };
    await userEvent.click(screen.getByRole('button', { name: 'Confirm e-mail address' }));
    expect(await screen.findByText('Your e-mail address is now new@example.org. Sign in with it.')).toBeInTheDocument();
    expect(stub.calls).toHaveLength(2);
  });

  it('offers no confirmation for a link without a token', async () => {
    renderAt('/confirm-email', page);
    expect(screen.getByText('This confirmation link is incomplete. Open the link from the e-mail again.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm e-mail address' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Go to Log In Page' })).toBeEnabled());
    expect(stub.calls).toEqual([]);
  });
});
