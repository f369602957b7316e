import type { Delegation } from '@imprest/domain';

/**
 * A delegation as GET delegations answers it, running unless `state` says otherwise: the role it
 * lends is the delegator's (the screens read it through useLentRoles).
 */
export function aDelegation(overrides: Partial<Delegation> = {}): Delegation {
  return {
    id: 3,
    delegator_id: 4,
    delegator_name: 'Amina Kessy',
    delegator_role: 'executive_secretary',
    delegate_id: 7,
    delegate_name: 'Juma Kimaro',
    starts_on: '2026-11-27',
    ends_on: '2026-11-30',
    note: '',
    state: 'running',
    created_at: '2026-11-27T06:00:00.000Z',
    ended_at: null,
    ended_by_name: null,
    ...overrides,
  };
}
