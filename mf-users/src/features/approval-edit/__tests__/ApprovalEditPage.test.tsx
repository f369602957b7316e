import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, clearSession, saveApprovalMatrix } from '@imprest/api-client';
import { approvalKeys, queryClient } from '@imprest/api-client/query';
import { DEFAULT_APPROVAL_MATRIX, type ApprovalBand } from '@imprest/domain';
import { Route, Routes } from '@imprest/router';
import { renderScreen, signInAs } from '../../../test/render';
// eslint-disable-next-line no-restricted-imports -- Save returns to the matrix: the test follows the move onto that screen
import ApprovalMatrixPage from '../../approval-matrix/ApprovalMatrixPage';
import ApprovalEditPage from '../ApprovalEditPage';

// component tests have no server: the save answers as each test says
jest.mock('@imprest/api-client', () => ({ ...jest.requireActual('@imprest/api-client'), saveApprovalMatrix: jest.fn() }));

const user = userEvent.setup({ delay: null });
const band = (n: number) => screen.getByRole('group', { name: `Band ${n}` });
const input = (n: number, label: RegExp) => within(band(n)).getByLabelText(label) as HTMLInputElement | HTMLSelectElement;
const save = () => user.click(screen.getByRole('button', { name: 'Save' }));

/** Sets a field's value in one change, as a paste would, and leaves it. */
async function enter(n: number, label: RegExp, value: string) {
  await act(async () => {
    fireEvent.change(input(n, label), { target: { value } });
    fireEvent.blur(input(n, label));
  });
}

function show() {
  queryClient.setQueryData(approvalKeys.matrix, { bands: DEFAULT_APPROVAL_MATRIX, modified_at: null, modified_by_name: null });
  queryClient.setQueryData(approvalKeys.rates, { rates: {}, modified_at: null });
  renderScreen(
    <Routes>
      <Route path="/dashboard/approval-object" element={<ApprovalEditPage />} />
      <Route path="/dashboard/approval-matrix" element={<ApprovalMatrixPage />} />
    </Routes>,
    '/dashboard/approval-object',
  );
}

afterEach(() => {
  clearSession();
  queryClient.clear();
  jest.mocked(saveApprovalMatrix).mockReset();
});

describe('New Approval Details', () => {
  it('starts from the saved bands, amounts with separators and the last band open-ended', () => {
    signInAs('director');
    show();
    expect(input(1, /^Start/)).toHaveValue('0');
    expect(input(1, /^End/)).toHaveValue('150,000,000');
    expect(input(2, /^Start/)).toHaveValue('150,000,000');
    expect(input(2, /^End/)).toBeDisabled();
    expect(input(2, /^Band Label/)).toHaveValue('A');
    expect(input(2, /^Third Reviewer/)).toHaveValue('director');
    expect(input(1, /^Third Reviewer/)).toHaveValue('');
  });

  it('names a gap and an overlap between bands, with the rules the server uses, and sends nothing', async () => {
    signInAs('director');
    show();
    await enter(2, /^Start/, '160000000');
    expect(input(2, /^Start/)).toHaveValue('160,000,000');
    await save();
    expect(
      within(band(2)).getByText('Band 2 (A): the start must equal the end of band 1 (150,000,000), otherwise there is a gap'),
    ).toBeInTheDocument();

    await enter(2, /^Start/, '140000000');
    expect(
      await within(band(2)).findByText('Band 2 (A): the start must equal the end of band 1 (150,000,000), otherwise there is an overlap'),
    ).toBeInTheDocument();
    await save();
    expect(saveApprovalMatrix).not.toHaveBeenCalled();
  });

  // many steps on a busy machine: the package's 20 s, which its jest.config cannot give when jest runs from the root
  it('moves the next start with an end, adds a band, and sends all three reviewers of each band', async () => {
    signInAs('director');
    jest.mocked(saveApprovalMatrix).mockImplementation(async (bands: ApprovalBand[]) => ({
      data: { bands, modified_at: '2026-02-12T10:00:00.000Z', modified_by_name: 'Test Person' },
    }));
    show();
    await user.click(screen.getByRole('button', { name: 'Add Band' }));
    await enter(2, /^End/, '500000000');
    expect(input(3, /^Start/)).toHaveValue('500,000,000');
    await enter(3, /^Band Label/, 'AA');
    await enter(3, /^First Reviewer/, 'finance_officer');
    await enter(3, /^Second Reviewer/, 'director');
    await enter(3, /^Third Reviewer/, 'board_chairman');
    await enter(1, /^Third Reviewer/, 'director');
    // a click without focus: Zag's switch reads PointerEvent on blur, which jsdom lacks
    fireEvent.click(within(band(1)).getByRole('checkbox', { name: 'Cascading Notification' }));
    await save();

    expect(saveApprovalMatrix).toHaveBeenCalledTimes(1);
    const sent = jest.mocked(saveApprovalMatrix).mock.calls[0][0];
    expect(sent.map((b) => [b.user_role, b.start_value, b.end_value, b.reviewers, b.cascading_notification])).toEqual([
      ['B', 0, 150_000_000, ['finance_officer', 'executive_secretary', 'director'], true],
      ['A', 150_000_000, 500_000_000, ['finance_officer', 'executive_secretary', 'director'], false],
      ['AA', 500_000_000, null, ['finance_officer', 'director', 'board_chairman'], false],
    ]);
    // back on the matrix page, which says it was saved
    expect(await screen.findByText('Approval matrix saved. It applies to requests submitted from now on.')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Band AA' })).toBeInTheDocument();
  }, 20_000);

  it("says 'Error! Changes not saved!' with the server's reason on a 400, and keeps the form", async () => {
    signInAs('director');
    jest
      .mocked(saveApprovalMatrix)
      .mockRejectedValue(new ApiError('Band 1 (B): the description must be at most 200 characters', 400, 'BAD_REQUEST'));
    show();
    await save();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error! Changes not saved!');
    expect(alert).toHaveTextContent('Band 1 (B): the description must be at most 200 characters');
    expect(input(1, /^Band Label/)).toHaveValue('B');
  });

  it('tells anyone but a director that only directors change the matrix', () => {
    signInAs('finance_officer');
    show();
    expect(screen.getByRole('alert')).toHaveTextContent('Only directors can change the approval matrix.');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
