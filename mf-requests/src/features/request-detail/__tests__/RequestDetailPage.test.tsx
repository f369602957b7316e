import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession } from '@imprest/api-client';
import { queryClient } from '@imprest/api-client/query';
import { Route, Routes, useLocation } from '@imprest/router';
import { renderScreen, signInAs, startApi } from '@imprest/test-utils';
import RequestDetailPage from '../RequestDetailPage';
import { OWNER_ID, aDetail, aRequest, aReview, cacheRequest } from '../../../test/requests';

const user = userEvent.setup({ delay: null });
const page = () => document.querySelector('[data-mode]');

/** Where Edit leads, with the navigation state the form reads. */
function FormProbe() {
  return <pre data-testid="form-state">{JSON.stringify(useLocation().state)}</pre>;
}

function openDetail(detail = aDetail(), path = `/dashboard/requests/${detail.id}`) {
  cacheRequest(detail);
  return renderScreen(
    <Routes>
      <Route path="/dashboard/requests/:id" element={<RequestDetailPage />} />
      <Route path="/dashboard/view-request/:id" element={<RequestDetailPage />} />
      <Route path="/dashboard/new-requests" element={<FormProbe />} />
      <Route path="*" element={null} />
    </Routes>,
    path,
  );
}

afterEach(() => {
  clearSession();
  queryClient.clear();
});

describe('request detail', () => {
  it("shows the owner's own request in preview: title, facts, progress and review panels, nothing to act on", () => {
    signInAs('staff', { id: OWNER_ID });
    openDetail(aDetail(aRequest({ file_paths: ['abc1234ticket.pdf'] })));
    expect(page()).toHaveAttribute('data-mode', 'preview');
    expect(screen.getByRole('heading', { name: 'Approval Request for Travel' })).toBeInTheDocument();
    for (const name of ['See Approval Matrix', 'Print', 'Back']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextSibling;
    expect(fact('Name of Transporter')).toHaveTextContent('Dar Express');
    expect(fact('Amount requested')).toHaveTextContent('TZS 250,000');
    expect(fact('Budget Code')).toHaveTextContent('6107 - Office rent');
    expect(fact('Intended expenditure date')).toHaveTextContent('04/03/2026');
    expect(fact('Means of payment')).toHaveTextContent('Cash');
    expect(fact('Amounts are:')).toHaveTextContent('Tax Inclusive');
    expect(fact('Approval band')).toHaveTextContent('B');
    expect(fact('Supporting documents')).toHaveTextContent('ticket.pdf');
    const steps = within(screen.getByRole('list', { name: 'Request progress' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      'ReceivedDone›',
      'Finance OfficerPending›',
      'Executive SecretaryPending›',
      'ApprovedPending',
    ]);
    expect(screen.getByRole('article', { name: 'First Reviewer' })).toHaveTextContent('Awaiting Finance Officer');
    expect(screen.getByRole('article', { name: 'Second Reviewer' })).toHaveTextContent('Awaiting Executive Secretary');
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('labels the supplier by purpose and reads the same at /dashboard/view-request/{id}', () => {
    signInAs('staff', { id: OWNER_ID });
    openDetail(aDetail(aRequest({ purpose: 'meals', mode_of_service: 'catering' })), '/dashboard/view-request/41');
    expect(screen.getByRole('heading', { name: 'Approval Request for Meals' })).toBeInTheDocument();
    expect(screen.getByText('Name of Establishment', { selector: 'dt' }).nextSibling).toHaveTextContent('Dar Express');
    expect(screen.queryByText('Name of Transporter')).not.toBeInTheDocument();
  });

  it('styles each review by its status and shows the approval number and Completed once retired', () => {
    signInAs('staff', { id: OWNER_ID });
    const reviews = [
      aReview(0, 'finance_officer', 'approved', { id: 7, name: 'Neema Kweka', comments: 'Budget checked' }),
      aReview(1, 'executive_secretary', 'approved', { id: 8, name: 'Juma Said' }),
    ];
    openDetail(
      aDetail(
        aRequest({
          reviews,
          current_status: 'approved',
          approval_number: '2026-00042',
          approved_at: '2026-02-04T10:00:00.000Z',
          current_retirement: 3,
        }),
      ),
    );
    const first = screen.getByRole('article', { name: 'First Reviewer' });
    expect(first).toHaveAttribute('data-status', 'approved');
    expect(first).toHaveTextContent('Neema Kweka');
    expect(within(first).getByText('Finance Officer')).toBeInTheDocument();
    expect(first).not.toHaveTextContent(/admin/i); // the reviewer's position is a role group, not a title
    expect(first).toHaveTextContent('Budget checked');
    expect(screen.getByTestId('approval-number')).toHaveTextContent('2026-00042');
    // 10:00 UTC on the organisation's clock (Dar es Salaam, UTC+3)
    expect(screen.getByText('Approved on 04/02/2026 13:00', { exact: false })).toBeInTheDocument();
    const steps = within(screen.getByRole('list', { name: 'Request progress' })).getAllByRole('listitem');
    expect(steps.map((s) => s.getAttribute('data-state'))).toEqual(['approved', 'approved', 'approved', 'approved', 'approved']);
    expect(steps.at(-1)).toHaveTextContent('Completed');
  });

  it('marks a rejected step and a returned step with their own status, not colour alone', () => {
    signInAs('staff', { id: OWNER_ID });
    openDetail(
      aDetail(
        aRequest({
          current_status: 'request_edit',
          reviews: [aReview(0, 'finance_officer', 'request_edit'), aReview(1, 'executive_secretary')],
        }),
      ),
    );
    expect(screen.getByRole('article', { name: 'First Reviewer' })).toHaveAttribute('data-status', 'request_edit');
    expect(screen.getByRole('article', { name: 'First Reviewer' })).toHaveTextContent('Returned for Edits');
    expect(within(screen.getByRole('list', { name: 'Request progress' })).getByText('Returned')).toBeInTheDocument();
  });

  it('is admin mode for a reviewer who does not own the request', () => {
    signInAs('finance_officer', { id: 5 });
    openDetail();
    expect(page()).toHaveAttribute('data-mode', 'admin');
    expect(screen.getByRole('button', { name: 'Accept' })).toBeInTheDocument();
  });

  it("is preview for a reviewer's own request: nobody reviews their own", () => {
    signInAs('finance_officer', { id: OWNER_ID });
    openDetail();
    expect(page()).toHaveAttribute('data-mode', 'preview');
    expect(screen.queryByRole('region', { name: 'Your review' })).not.toBeInTheDocument();
  });

  describe('versions', () => {
    const version1 = aRequest({
      id: 40,
      version: 1,
      is_latest: false,
      current_status: 'request_edit',
      amount_requested: 300000,
      file_paths: [],
      created_at: '2026-01-20T07:05:00.000Z',
      reviews: [
        aReview(0, 'finance_officer', 'request_edit', { id: 7, name: 'Neema Kweka', comments: 'Too much' }),
        aReview(1, 'executive_secretary'),
      ],
    });
    const version2 = aRequest({ id: 41, version: 2, parent_request: 40, amount_requested: 250000, file_paths: ['abc1234quote.pdf'] });

    it('lists every version by creation date and shows what changed from the previous one', () => {
      signInAs('staff', { id: OWNER_ID });
      openDetail(aDetail(version2, [version1]));
      const select = screen.getByLabelText('Select request version');
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Version 2 · 01/02/2026 11:15', 'Version 1 · 20/01/2026 10:05']);
      const changes = screen.getByRole('region', { name: 'Changes from version 1' });
      const rows = Array.from(changes.querySelectorAll('dt'), (term) => [term.textContent, term.nextElementSibling?.textContent]);
      expect(rows).toEqual([
        ['Amount', 'Before300,000After250,000'],
        ['Supporting documents (count)', 'Before0After1'],
      ]);
    });

    it('shows an older version read-only in history mode, even to the reviewer who could act on the latest', async () => {
      signInAs('finance_officer', { id: 5 });
      openDetail(aDetail(version2, [version1]));
      expect(screen.getByRole('button', { name: 'Accept' })).toBeInTheDocument();
      await user.selectOptions(screen.getByLabelText('Select request version'), '40');
      expect(page()).toHaveAttribute('data-mode', 'history');
      expect(screen.getByText(/You are looking at version 1, an earlier version of this request\. It is read-only\./)).toBeInTheDocument();
      expect(screen.getByText('Amount requested', { selector: 'dt' }).nextSibling).toHaveTextContent('TZS 300,000');
      expect(screen.getByRole('article', { name: 'First Reviewer' })).toHaveTextContent('Too much');
      expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
      expect(screen.queryByRole('region', { name: /Changes from version/ })).not.toBeInTheDocument();
    });
  });

  describe('Edit', () => {
    const returned = aRequest({
      current_status: 'request_edit',
      reviews: [aReview(0, 'finance_officer', 'request_edit'), aReview(1, 'executive_secretary')],
    });

    it('takes the owner of a returned request to the form with the request, in edit mode', async () => {
      signInAs('staff', { id: OWNER_ID });
      openDetail(aDetail(returned));
      await user.click(screen.getByRole('button', { name: 'Edit' }));
      expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/new-requests');
      const state = JSON.parse(screen.getByTestId('form-state').textContent ?? 'null');
      expect(state).toMatchObject({ isEdit: true, isAdmin: false, currentRequest: { id: 41, current_status: 'request_edit' } });
    });

    it('is offered to nobody else: not while pending, not to a locked owner, not to another user', () => {
      const cases = [
        { role: 'staff' as const, id: OWNER_ID, detail: aDetail() },
        { role: 'staff' as const, id: OWNER_ID, is_locked: true, detail: aDetail(returned) },
        { role: 'staff' as const, id: 9, detail: aDetail(returned) },
        { role: 'finance_officer' as const, id: 5, detail: aDetail(returned) },
      ];
      for (const { role, detail, ...who } of cases) {
        signInAs(role, who);
        const view = openDetail(detail);
        expect(screen.getByRole('heading', { name: 'Approval Request for Travel' })).toBeInTheDocument();
        expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
        view.unmount();
        queryClient.clear();
      }
    });
  });

  describe('not found', () => {
    it('says so for an id that is not a number, with Go Back to the list', async () => {
      signInAs('staff');
      renderScreen(<RequestDetailPage />, '/dashboard/requests/abc', { route: '/dashboard/requests/:id' });
      expect(screen.getByRole('alert')).toHaveTextContent("Error! Couldn't find the request.");
      await user.click(screen.getByRole('button', { name: 'Go Back' }));
      expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/requests');
    });

    it('says so when the server answers 404', async () => {
      const api = await startApi(() => ({ status: 404, body: { error: 'Request not found', code: 'NOT_FOUND' } }));
      try {
        signInAs('staff');
        renderScreen(<RequestDetailPage />, '/dashboard/requests/77', { route: '/dashboard/requests/:id' });
        expect(await screen.findByText("Error! Couldn't find the request.")).toBeInTheDocument();
        expect(api.calls.map((c) => c.path)).toEqual(['requests/request/77']);
      } finally {
        await api.close();
      }
    });
  });
});
