import { render, screen, within } from '@testing-library/react';
import type { History } from '@imprest/domain/contract';
import { UiProvider } from '../provider';
import { HistorySection } from '../widgets/HistorySection';

const answer: History = {
  time_zone: 'Africa/Dar_es_Salaam',
  history: [
    {
      id: 2,
      at: '2026-11-27T22:27:01.388Z',
      actor_name: 'Faraji Mollel',
      action: 'review',
      action_label: 'Accepted',
      summary: 'Executive Secretary, step 2 of 2',
      changes: [
        { field: 'current_status', label: 'Status', before: 'Under Review', after: 'Approved' },
        { field: 'approval_number', label: 'Approval number', before: null, after: '2026-00001' },
      ],
    },
    {
      id: 1,
      at: '2026-11-27T08:00:00.000Z',
      actor_name: null,
      action: 'create',
      action_label: 'Created',
      summary: 'TZS 420,000 for Travel',
      changes: [],
    },
  ],
};

const show = (load: () => Promise<History>) =>
  render(
    <UiProvider>
      <HistorySection load={load} />
    </UiProvider>,
  );

describe('HistorySection', () => {
  it("reads each entry as what, who, when on the organisation's clock, its line and what changed", async () => {
    show(async () => answer);
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [accepted, created] = items;
    expect(accepted).toHaveTextContent('Accepted by Faraji Mollel');
    // 22:27 UTC on the 27th is 01:27 on the 28th in Dar es Salaam, whatever the test machine's zone
    expect(within(accepted).getByText('28/11/2026 01:27')).toHaveAttribute('datetime', '2026-11-27T22:27:01.388Z');
    expect(accepted).toHaveTextContent('Executive Secretary, step 2 of 2');
    expect(accepted).toHaveTextContent('Status:Under Review → Approved');
    // set from nothing: the value alone, no "— →"
    expect(accepted).toHaveTextContent('Approval number:2026-00001');
    expect(accepted).not.toHaveTextContent('—');
    expect(created).toHaveTextContent('Created by Imprest');
    expect(created).toHaveTextContent('TZS 420,000 for Travel');
    expect(within(created).queryByRole('term')).not.toBeInTheDocument();
  });

  it('is left out of a printout', async () => {
    show(async () => answer);
    expect(await screen.findByRole('region', { name: 'History' })).toHaveAttribute('data-print-hide');
  });

  it('says so when the history cannot be read', async () => {
    show(async () => Promise.reject(new Error('offline')));
    expect(await screen.findByText('The history could not be loaded.')).toBeInTheDocument();
  });
});
