import { changesOf } from '../changes';
import { readEntry, type HistoryContext } from '../entries';
import { shown, type Reading } from '../values';

const ZONE = 'Africa/Dar_es_Salaam';
const request: Reading = { entity: 'request', timeZone: ZONE, currency: 'tzs' };
const context: HistoryContext = { timeZone: ZONE, currency: 'tzs', versions: new Map() };

describe('an audited value as a person reads it', () => {
  it('writes an instant en-GB on the organisation’s clock, a calendar day as written', () => {
    // 22:27 UTC on the 27th is already 01:27 on the 28th in Dar es Salaam
    expect(shown('approval_date', '2026-11-27T22:27:01.388Z', request)).toBe('28/11/2026 01:27');
    expect(shown('retirement_due', '2026-12-01', request)).toBe('01/12/2026');
  });

  it('writes money with its currency, a retirement’s from cents', () => {
    expect(shown('amount_requested', 1_250_000.5, request, { amount_currency: 'usd' })).toBe('USD 1,250,000.50');
    expect(shown('amount', 900_000, request)).toBe('TZS 900,000');
    expect(shown('amount_spent', 80_000_000, { ...request, entity: 'retirement' })).toBe('TZS 800,000');
  });

  it('writes statuses with the labels each record uses, decisions as decisions', () => {
    expect(shown('current_status', 'request_edit', request)).toBe('Returned for Edits');
    expect(shown('current_status', 'on_progress', request)).toBe('Under Review');
    expect(shown('status', 'pending', { ...request, entity: 'retirement' })).toBe('Not Submitted');
    expect(shown('step.status', 'approved', request)).toBe('Accepted');
    expect(shown('system_role', 'finance_officer', request)).toBe('Finance Officer');
  });
});

describe('the fields a person changed', () => {
  it('leaves out ids, flags, timestamps and what the system derived', () => {
    const changes = changesOf(
      { current_status: 'on_progress', next_reviewer_role: 'executive_secretary', step: { id: 4, position: 1, status: 'pending' } },
      {
        current_status: 'approved',
        next_reviewer_role: null,
        approval_number: '2026-00001',
        approved_at: '2026-11-27T22:27:01.388Z',
        modified_at: '2026-11-27T22:27:01.388Z',
        is_latest: true,
        step: { id: 4, position: 1, status: 'approved', reviewer_id: 9 },
      },
      request,
      ['step.status'],
    );
    expect(changes).toEqual([
      { field: 'current_status', label: 'Status', before: 'Under Review', after: 'Approved' },
      { field: 'approval_number', label: 'Approval number', before: null, after: '2026-00001' },
    ]);
  });
});

describe('an entry', () => {
  const created = {
    purpose: 'travel',
    mode_of_service: 'publicTransport',
    name_of_establishment: 'Kilimanjaro Express',
    expenditure_date: '2026-12-01',
    amount_requested: 420_000,
    amount_currency: 'tzs',
    budget_code: 6101,
    is_latest: true,
    current_status: 'pending',
    next_reviewer_role: 'finance_officer',
    file_paths: ['abc1234ticket.pdf'],
    chain: ['finance_officer', 'executive_secretary'],
  };

  it('reads a creation as one line', () => {
    expect(readEntry({ entity: 'request', entity_id: '1', action: 'create', before: null, after: created }, context)).toEqual({
      action_label: 'Created',
      summary:
        'TZS 420,000 for Travel (Public Transport) · Kilimanjaro Express · Budget code 6101 · Expenditure date 01/12/2026 · Review: Finance Officer → Executive Secretary · 1 attachment',
      changes: [],
    });
  });

  it('reads a resubmission against the version before it', () => {
    const versions = new Map([['1', created]]);
    const after = { ...created, id: 2, version: 2, parent_request: 1, amount_requested: 400_000, file_paths: [] };
    expect(
      readEntry({ entity: 'request', entity_id: '2', action: 'resubmit', before: { id: 1 }, after }, { ...context, versions }),
    ).toEqual({
      action_label: 'Resubmitted after edits',
      summary: 'Version 2',
      changes: [
        { field: 'amount_requested', label: 'Amount requested', before: 'TZS 420,000', after: 'TZS 400,000' },
        { field: 'file_paths', label: 'Attachments', before: 'ticket.pdf', after: null },
      ],
    });
  });

  it('reads a review as the decision, the step’s role (for whom a delegate acted) and the comment', () => {
    const entry = readEntry(
      {
        entity: 'request',
        entity_id: '1',
        action: 'review',
        before: { current_status: 'pending', step: { position: 0, status: 'pending' } },
        after: {
          current_status: 'request_edit',
          step: { position: 0, status: 'request_edit', comments: 'Add the ticket', on_behalf_of_name: 'Amina Juma' },
        },
      },
      { ...context, versions: new Map([['1', created]]) },
    );
    expect(entry).toEqual({
      action_label: 'Returned for Edits',
      summary: 'Finance Officer for Amina Juma, step 1 of 2 · “Add the ticket”',
      changes: [{ field: 'current_status', label: 'Status', before: 'Pending', after: 'Returned for Edits' }],
    });
  });

  it('reads a budget code’s creation as one line and an archive by its label alone', () => {
    const budget = { ...context, currency: 'usd' };
    const after = {
      name: 'Office rent',
      code: 6107,
      amount: 1_500_000.5,
      amount_currency: 'tzs',
      department: 'all',
      meta_data: ['operatingCost', 'stemParkDar'],
      current_status: 'active',
    };
    expect(readEntry({ entity: 'budget_code', entity_id: '3', action: 'create', before: null, after }, budget).summary).toBe(
      '6107 Office rent · TZS 1,500,000.50 · Operating Cost, Stem Park Dar es Salaam · Department All',
    );
    expect(
      readEntry({ entity: 'budget_code', entity_id: '3', action: 'update', before: { amount: 10 }, after: { amount: 20 } }, budget).changes,
    ).toEqual([{ field: 'amount', label: 'Amount', before: 'USD 10', after: 'USD 20' }]);
    expect(
      readEntry(
        {
          entity: 'budget_code',
          entity_id: '3',
          action: 'archive',
          before: { current_status: 'active' },
          after: { current_status: 'archived' },
        },
        budget,
      ),
    ).toEqual({ action_label: 'Archived', summary: null, changes: [] });
  });

  it('reads a user’s creation as one line and a lock by its reason', () => {
    const user = { ...context, currency: null };
    const after = {
      fullname: 'Asha Mushi',
      department: 'finance',
      role: 'accountant',
      phone_number: '+255712345678',
      email: 'asha@example.org',
      system_role: 'staff',
    };
    expect(readEntry({ entity: 'user', entity_id: '5', action: 'create', before: null, after }, user).summary).toBe(
      'Staff · Accountant · Finance · asha@example.org · +255712345678',
    );
    expect(
      readEntry(
        {
          entity: 'user',
          entity_id: '5',
          action: 'lock',
          before: { is_locked: false, lock_reason: null },
          after: { is_locked: true, lock_reason: 'overdue', today: '2026-11-28' },
        },
        user,
      ),
    ).toEqual({
      action_label: 'Locked',
      summary: null,
      changes: [{ field: 'lock_reason', label: 'Lock reason', before: null, after: 'Overdue' }],
    });
    const unlock = { before: { is_locked: true, lock_reason: 'manual' }, after: { is_locked: false, lock_reason: null } };
    expect(readEntry({ entity: 'user', entity_id: '5', action: 'unlock', ...unlock }, user)).toEqual({
      action_label: 'Unlocked',
      summary: null,
      changes: [],
    });
  });
});
