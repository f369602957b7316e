import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, clearSession, downloadRequests, downloadRetirements, setMode, setSession } from '@imprest/api-client';
import type { SystemRole, User } from '@imprest/domain';
import { ApiProvider } from '@imprest/api-client/query';
import { UiProvider, saveBlob } from '@imprest/ui';
import SettingsPage from '../SettingsPage';

// no server in component tests: the download call answers as each test says, and the browser's save is watched
// (a reviewer's page also lists their delegations: none here)
jest.mock('@imprest/api-client', () => ({
  ...jest.requireActual('@imprest/api-client'),
  downloadRequests: jest.fn(),
  downloadRetirements: jest.fn(),
  fetchDelegations: jest.fn(async () => ({ delegations: [], page: 1, per_page: 50, total: 0 })),
  listUsers: jest.fn(async () => ({ users: [], page: 1, per_page: 100, total: 0 })),
}));
jest.mock('@imprest/ui', () => ({ ...jest.requireActual('@imprest/ui'), saveBlob: jest.fn() }));

const user = userEvent.setup({ delay: null });

function signInAs(system_role: SystemRole, id: number) {
  const person = { id, fullname: 'Grace Lyimo', system_role, settings: '{"mute_notification":false}' } as User;
  setSession({ token: 'test-token', currentUser: person, tokenValidation: 'fulfilled' });
}

const show = () =>
  render(
    <UiProvider>
      <ApiProvider>
        <SettingsPage />
      </ApiProvider>
    </UiProvider>,
  );
const file = { blob: new Blob(['xlsx']), filename: 'Grace Lyimo requests.xlsx' };

afterEach(() => {
  clearSession();
  setMode('staff');
  jest.mocked(downloadRequests).mockReset();
  jest.mocked(downloadRetirements).mockReset();
  jest.mocked(saveBlob).mockReset();
});

describe('Download Requests', () => {
  it("saves the user's own requests in staff mode under the server's file name", async () => {
    signInAs('finance_officer', 5);
    jest.mocked(downloadRequests).mockResolvedValue(file);
    show();
    await user.click(screen.getByRole('button', { name: 'Download Requests' }));
    expect(downloadRequests).toHaveBeenCalledWith('user', 5);
    expect(saveBlob).toHaveBeenCalledWith(file.blob, 'Grace Lyimo requests.xlsx');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("asks for the role's requests in admin mode", async () => {
    signInAs('finance_officer', 5);
    setMode('admin');
    jest.mocked(downloadRequests).mockResolvedValue(file);
    show();
    await user.click(screen.getByRole('button', { name: 'Download Requests' }));
    expect(downloadRequests).toHaveBeenCalledWith('finance_officer', 5);
  });

  it("says 'Failed to download' when the call fails, and saves nothing", async () => {
    signInAs('staff', 9);
    jest.mocked(downloadRequests).mockRejectedValue(new ApiError('Something went wrong', 500, 'INTERNAL'));
    show();
    await user.click(screen.getByRole('button', { name: 'Download Requests' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to download');
    expect(saveBlob).not.toHaveBeenCalled();
  });
});

describe('Download Retirements', () => {
  const retirements = { blob: new Blob(['xlsx']), filename: 'Grace Lyimo retirements.xlsx' };

  it("saves the user's own retirements in staff mode, and the role's in admin mode", async () => {
    signInAs('finance_officer', 5);
    jest.mocked(downloadRetirements).mockResolvedValue(retirements);
    show();
    const button = screen.getByRole('button', { name: 'Download Retirements' });
    expect(button).toBeEnabled();
    await user.click(button);
    expect(downloadRetirements).toHaveBeenCalledWith('user', 5);
    expect(downloadRequests).not.toHaveBeenCalled();
    expect(saveBlob).toHaveBeenCalledWith(retirements.blob, 'Grace Lyimo retirements.xlsx');
    setMode('admin');
    await user.click(screen.getByRole('button', { name: 'Download Retirements' }));
    expect(downloadRetirements).toHaveBeenLastCalledWith('finance_officer', 5);
  });

  it("says 'Failed to download' beside the button that failed", async () => {
    signInAs('staff', 9);
    jest.mocked(downloadRetirements).mockRejectedValue(new ApiError('Something went wrong', 500, 'INTERNAL'));
    show();
    await user.click(screen.getByRole('button', { name: 'Download Retirements' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to download');
    expect(saveBlob).not.toHaveBeenCalled();
  });
});
