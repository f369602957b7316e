import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, setMode, useSession } from '@imprest/api-client';
import { queryClient } from '@imprest/api-client/query';
import { renderScreen, signInAs, startApi, type Call, type FakeApi, type Reply } from '@imprest/test-utils';
import SettingsPage from '../SettingsPage';
import { SESSIONS_TEXT } from '../../../strings';

// The call goes through the real api-client to a local server playing the API.
let api: FakeApi;
let refuse = false;

function answer(call: Call): Reply | undefined {
  if (call.method === 'POST' && call.path === 'users/logout-everywhere')
    return refuse
      ? { status: 503, body: { error: 'The database is not answering.', code: 'UNAVAILABLE' } }
      : { body: { sessions_ended: 3 } };
  return undefined;
}

const user = userEvent.setup({ delay: null });
/** The question's own button (jsdom keeps the modal <dialog> out of the accessibility tree). */
const inQuestion = (name: string) =>
  within(screen.getByText(SESSIONS_TEXT.confirmMessage).closest('dialog')!).getByRole('button', { name, hidden: true });
const everywhereCalls = () => api.calls.filter((c) => c.path === 'users/logout-everywhere');

beforeEach(async () => {
  refuse = false;
  api = await startApi(answer);
  signInAs('staff', { id: 7, fullname: 'Grace Lyimo' });
  renderScreen(<SettingsPage />, '/dashboard/settings');
});

afterEach(async () => {
  await api.close();
  clearSession();
  act(() => setMode('staff'));
  queryClient.clear();
});

it('asks first, then ends every session on the server and signs out here', async () => {
  await user.click(screen.getByRole('button', { name: SESSIONS_TEXT.button }));
  expect(screen.getByText(SESSIONS_TEXT.confirmMessage)).toBeInTheDocument();
  expect(everywhereCalls()).toHaveLength(0);

  await user.click(inQuestion(SESSIONS_TEXT.button));
  await waitFor(() => expect(useSession.getState().token).toBeFalsy());
  expect(everywhereCalls()).toHaveLength(1);
});

it('stays signed in and says so when the server refuses', async () => {
  refuse = true;
  const token = useSession.getState().token;
  await user.click(screen.getByRole('button', { name: SESSIONS_TEXT.button }));
  await user.click(inQuestion(SESSIONS_TEXT.button));
  expect(await screen.findByText(SESSIONS_TEXT.failed)).toBeInTheDocument();
  expect(useSession.getState().token).toBe(token);
});

it('does nothing when the question is cancelled', async () => {
  await user.click(screen.getByRole('button', { name: SESSIONS_TEXT.button }));
  await user.click(inQuestion('Cancel'));
  expect(everywhereCalls()).toHaveLength(0);
  expect(useSession.getState().token).toBeTruthy();
});
