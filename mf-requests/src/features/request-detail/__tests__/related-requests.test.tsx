import { screen, within } from '@testing-library/react';
import { clearSession } from '@imprest/api-client';
import { queryClient } from '@imprest/api-client/query';
import { renderScreen, signInAs, startApi } from '@imprest/test-utils';
import RequestDetailPage from '../RequestDetailPage';
import { OWNER_ID, aDetail, aRelated, aRequest, cacheRequest, isRelatedCall } from '../../../test/requests';

const HEADING = "Requester's other requests on this budget code (last 30 days)";
const split = aRelated({
  count: 2,
  total: 149_999_999.99 + 10_000,
  total_with_this: 299_999_999.98 + 10_000,
  requests: [
    {
      id: 40,
      purpose: 'procurement',
      amount_requested: 149_999_999.99,
      current_status: 'approved',
      created_at: '2026-02-10T21:30:00.000Z',
    },
  ],
  hidden: 1,
  higher_band: { user_role: 'A', description: '150,000,000 TZS and above', needs: ['director'] },
});

function openDetail() {
  cacheRequest(aDetail(aRequest({ amount_requested: 149_999_999.99 })));
  return renderScreen(<RequestDetailPage />, '/dashboard/requests/41', { route: '/dashboard/requests/:id' });
}

afterEach(() => {
  clearSession();
  queryClient.clear();
});

describe("the requester's other requests on the code", () => {
  it('shows a reviewer the rows they may open, what is counted but hidden, both totals and the band reached together', async () => {
    const api = await startApi((call) => (isRelatedCall(call) ? { status: 200, body: { data: split } } : { status: 404, body: {} }));
    try {
      signInAs('finance_officer', { id: 5 });
      openDetail();
      const panel = await screen.findByRole('region', { name: HEADING });
      expect(await within(panel).findByText('Together these reach band A, which needs the Director.')).toBeInTheDocument();
      const row = within(panel).getByRole('listitem');
      expect(within(row).getByRole('link', { name: 'Procurement' })).toHaveAttribute('href', '/dashboard/view-request/40');
      // 21:30 UTC on the 10th is the 11th in Dar es Salaam: the organisation's day
      expect(row).toHaveTextContent('11/02/2026');
      expect(row).toHaveTextContent('TZS 149,999,999.99');
      expect(within(panel).getByText('1 more is counted above but not listed')).toBeInTheDocument();
      expect(panel).toHaveTextContent('2 other requests · Their total: TZS 150,009,999.99');
      expect(panel).toHaveTextContent('Total with this request: TZS 300,009,999.98');
      expect(api.calls.filter(isRelatedCall).map((c) => c.path)).toEqual(['requests/request/41/related']);
    } finally {
      await api.close();
    }
  });

  it('is not shown to the owner, and not asked for', async () => {
    const api = await startApi(() => ({ status: 200, body: { data: aRelated() } }));
    try {
      signInAs('staff', { id: OWNER_ID });
      openDetail();
      expect(await screen.findByRole('region', { name: 'Request details' })).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: HEADING })).not.toBeInTheDocument();
      expect(api.calls.filter(isRelatedCall)).toEqual([]);
    } finally {
      await api.close();
    }
  });
});
