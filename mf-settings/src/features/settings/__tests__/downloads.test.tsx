import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, setMode } from '@imprest/api-client';
import { queryClient } from '@imprest/api-client/query';
import type { SystemRole } from '@imprest/domain';
import { saveBlob } from '@imprest/ui/files';
import { renderScreen, signInAs as signIn, startApi, type Call, type FakeApi, type Reply } from '@imprest/test-utils';
import SettingsPage from '../SettingsPage';

// The downloads go through the api-client to a local server playing the API; only the browser's
// save (a link jsdom cannot follow) is watched.
jest.mock('@imprest/ui/files', () => ({ ...jest.requireActual('@imprest/ui/files'), saveBlob: jest.fn() }));

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
let api: FakeApi;
/** The spreadsheet each download answers with, by path; a path not here fails as the server does. */
let files: Record<string, { content: string; filename: string }>;

function answer(call: Call): Reply | undefined {
  const file = call.method === 'GET' ? files[call.path] : undefined;
  if (file)
    return {
      body: file.content,
      headers: { 'content-type': XLSX, 'content-disposition': `attachment; filename="${file.filename}"` },
    };
  if (/download/.test(call.path)) return { status: 500, body: { error: 'Something went wrong', code: 'INTERNAL' } };
  // a reviewer's page also lists their delegations and colleagues: none here
  if (call.method === 'GET' && call.path === 'delegations') return { body: { delegations: [], page: 1, per_page: 50, total: 0 } };
  if (call.method === 'GET' && call.path === 'users/department/all/user') return { body: { users: [], page: 1, per_page: 100, total: 0 } };
  return undefined;
}

const user = userEvent.setup({ delay: null });
const signInAs = (system_role: SystemRole, id: number) => signIn(system_role, { id, fullname: 'Grace Lyimo' });
const show = () => renderScreen(<SettingsPage />, '/dashboard/settings');
/** The downloads the page asked for: which list, for whom. */
const downloads = () => api.calls.filter((c) => /download/.test(c.path)).map((c) => [c.path, c.query]);
/** What the page handed the browser to save: the file's text and its name. */
async function saved(call = 0) {
  const [blob, name] = jest.mocked(saveBlob).mock.calls[call];
  const text = await new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
  return [text, name];
}

beforeEach(async () => {
  files = {
    'requests/download/user': { content: 'own requests', filename: 'Grace Lyimo requests.xlsx' },
    'requests/download/finance_officer': { content: 'role requests', filename: 'Grace Lyimo requests.xlsx' },
    'retirement/download/user': { content: 'own retirements', filename: 'Grace Lyimo retirements.xlsx' },
    'retirement/download/finance_officer': { content: 'role retirements', filename: 'Grace Lyimo retirements.xlsx' },
  };
  api = await startApi(answer);
});

afterEach(async () => {
  await api.close();
  clearSession();
  act(() => setMode('staff'));
  queryClient.clear();
  jest.mocked(saveBlob).mockReset();
});

describe('Download Requests', () => {
  it("saves the user's own requests in staff mode under the server's file name", async () => {
    signInAs('finance_officer', 5);
    show();
    await user.click(screen.getByRole('button', { name: 'Download Requests' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
    expect(downloads()).toEqual([['requests/download/user', { id: '5' }]]);
    expect(await saved()).toEqual(['own requests', 'Grace Lyimo requests.xlsx']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("asks for the role's requests in admin mode", async () => {
    signInAs('finance_officer', 5);
    setMode('admin');
    show();
    await user.click(screen.getByRole('button', { name: 'Download Requests' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
    expect(downloads()).toEqual([['requests/download/finance_officer', { id: '5' }]]);
    expect(await saved()).toEqual(['role requests', 'Grace Lyimo requests.xlsx']);
  });

  it("says 'Failed to download' when the call fails, and saves nothing", async () => {
    files = {};
    signInAs('staff', 9);
    show();
    await user.click(screen.getByRole('button', { name: 'Download Requests' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to download');
    expect(downloads()).toEqual([['requests/download/user', { id: '9' }]]);
    expect(saveBlob).not.toHaveBeenCalled();
  });
});

describe('Download Retirements', () => {
  it("saves the user's own retirements in staff mode, and the role's in admin mode", async () => {
    signInAs('finance_officer', 5);
    show();
    const button = screen.getByRole('button', { name: 'Download Retirements' });
    expect(button).toBeEnabled();
    await user.click(button);
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
    expect(downloads()).toEqual([['retirement/download/user', { id: '5' }]]);
    expect(await saved()).toEqual(['own retirements', 'Grace Lyimo retirements.xlsx']);
    act(() => setMode('admin'));
    await user.click(screen.getByRole('button', { name: 'Download Retirements' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(2));
    expect(downloads().at(-1)).toEqual(['retirement/download/finance_officer', { id: '5' }]);
    expect(await saved(1)).toEqual(['role retirements', 'Grace Lyimo retirements.xlsx']);
  });

  it("says 'Failed to download' beside the button that failed", async () => {
    delete files['retirement/download/user'];
    signInAs('staff', 9);
    show();
    await user.click(screen.getByRole('button', { name: 'Download Retirements' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to download');
    expect(downloads()).toEqual([['retirement/download/user', { id: '9' }]]);
    expect(saveBlob).not.toHaveBeenCalled();
  });
});
