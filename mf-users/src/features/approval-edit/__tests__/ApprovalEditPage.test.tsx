import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession } from '@imprest/api-client';
import { queryClient } from '@imprest/api-client/query';
import { DEFAULT_APPROVAL_MATRIX } from '@imprest/domain';
import type { MatrixInput } from '@imprest/domain/contract';
import { Route, Routes } from '@imprest/router';
import { startApi, type Call, type FakeApi, type Reply } from '@imprest/test-utils';
import { renderScreen, signInAs } from '../../../test/render';
// eslint-disable-next-line no-restricted-imports -- Save returns to the matrix: the test follows the move onto that screen
import ApprovalMatrixPage from '../../approval-matrix/ApprovalMatrixPage';
import ApprovalEditPage from '../ApprovalEditPage';

// The page reads and saves through the api-client against a local server playing the API.
let api: FakeApi;
/** What PUT approval-matrix answers; by default the bands sent, saved. */
let saveReply: Reply | undefined;

function answer(call: Call): Reply | undefined {
  if (call.method === 'GET' && call.path === 'approval-matrix')
    return { body: { data: { bands: DEFAULT_APPROVAL_MATRIX, modified_at: null, modified_by_name: null } } };
  if (call.method === 'GET' && call.path === 'exchange-rates') return { body: { data: { rates: {}, modified_at: null } } };
  if (call.method === 'PUT' && call.path === 'approval-matrix') {
    const { bands } = call.body as MatrixInput;
    return saveReply ?? { body: { data: { bands, modified_at: '2026-02-12T10:00:00.000Z', modified_by_name: 'Test Person' } } };
  }
  return undefined;
}
const saves = () => api.calls.filter((c) => c.method === 'PUT');

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

async function show() {
  renderScreen(
    <Routes>
      <Route path="/dashboard/approval-object" element={<ApprovalEditPage />} />
      <Route path="/dashboard/approval-matrix" element={<ApprovalMatrixPage />} />
    </Routes>,
    '/dashboard/approval-object',
  );
  // a director's form once the saved bands arrive; anyone else's notice at once
  await waitFor(() => expect(screen.queryByRole('group', { name: 'Band 1' }) ?? screen.queryByRole('alert')).not.toBeNull());
}

beforeEach(async () => {
  saveReply = undefined;
  api = await startApi(answer);
});

afterEach(async () => {
  await api.close();
  clearSession();
  queryClient.clear();
});

describe('New Approval Details', () => {
  it('starts from the saved bands, amounts with separators and the last band open-ended', async () => {
    signInAs('director');
    await show();
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
    await show();
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
    expect(saves()).toHaveLength(0);
  });

  // many steps on a busy machine: the package's 20 s, which its jest.config cannot give when jest runs from the root
  it('moves the next start with an end, adds a band, and sends all three reviewers of each band', async () => {
    signInAs('director');
    await show();
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

    // back on the matrix page, which says it was saved
    expect(await screen.findByText('Approval matrix saved. It applies to requests submitted from now on.')).toBeInTheDocument();
    expect(saves()).toHaveLength(1);
    const sent = (saves()[0].body as MatrixInput).bands;
    expect(sent.map((b) => [b.user_role, b.start_value, b.end_value, b.reviewers, b.cascading_notification])).toEqual([
      ['B', 0, 150_000_000, ['finance_officer', 'executive_secretary', 'director'], true],
      ['A', 150_000_000, 500_000_000, ['finance_officer', 'executive_secretary', 'director'], false],
      ['AA', 500_000_000, null, ['finance_officer', 'director', 'board_chairman'], false],
    ]);
    expect(screen.getByRole('article', { name: 'Band AA' })).toBeInTheDocument();
  }, 20_000);

  it("says 'Error! Changes not saved!' with the server's reason on a 400, and keeps the form", async () => {
    saveReply = { status: 400, body: { error: 'Band 1 (B): the description must be at most 200 characters', code: 'BAD_REQUEST' } };
    signInAs('director');
    await show();
    await save();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error! Changes not saved!');
    expect(alert).toHaveTextContent('Band 1 (B): the description must be at most 200 characters');
    expect(input(1, /^Band Label/)).toHaveValue('B');
  });

  it('tells anyone but a director that only directors change the matrix', async () => {
    signInAs('finance_officer');
    await show();
    expect(screen.getByRole('alert')).toHaveTextContent('Only directors can change the approval matrix.');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
