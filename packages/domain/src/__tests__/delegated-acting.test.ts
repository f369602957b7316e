import { actedPersons, actingFor, capacityFor, lentRolesOf, type LentRole } from '../requests/delegated-acting';

const delegate = { id: 7, system_role: 'stem_park_manager' as const };
const lent: LentRole[] = [{ delegator_id: 4, delegator_name: 'Amina Juma', delegator_role: 'executive_secretary' }];

describe('capacityFor', () => {
  it('acts in the own role first, else for the delegator whose role the step is', () => {
    expect(capacityFor({ id: 7, system_role: 'executive_secretary' }, 'executive_secretary', 9, new Set(), lent)).toEqual({
      capacity: { onBehalfOf: null },
    });
    expect(capacityFor(delegate, 'executive_secretary', 9, new Set(), lent)).toEqual({
      capacity: { onBehalfOf: { id: 4, fullname: 'Amina Juma' } },
    });
    expect(capacityFor(delegate, 'director', 9, new Set(), lent)).toEqual({ refusal: 'role' });
  });

  it("refuses the viewer's own request, the delegator's own, and a second step of one person", () => {
    expect(capacityFor(delegate, 'executive_secretary', 7, new Set(), lent)).toEqual({ refusal: 'own' });
    expect(capacityFor(delegate, 'executive_secretary', 4, new Set(), lent)).toEqual({ refusal: 'delegator-own', name: 'Amina Juma' });
    expect(capacityFor(delegate, 'executive_secretary', 9, new Set([7]), lent)).toEqual({ refusal: 'already' });
    expect(capacityFor(delegate, 'executive_secretary', 9, new Set([4]), lent)).toEqual({ refusal: 'delegator-acted', name: 'Amina Juma' });
  });
});

describe('actedPersons and actingFor', () => {
  const steps = [
    { status: 'approved', reviewer_id: 2, on_behalf_of_id: 5 },
    { status: 'pending', reviewer_id: null },
  ];

  it('counts who acted and for whom, never a pending step', () => {
    expect([...actedPersons(steps)].sort()).toEqual([2, 5]);
  });

  it('names the delegator a row is marked for only when the viewer acts through the delegation', () => {
    const request = { request_owner_id: 9, next_reviewer_role: 'executive_secretary' as const, reviews: steps };
    expect(actingFor(delegate, request, lent)).toBe('Amina Juma');
    expect(actingFor({ id: 8, system_role: 'executive_secretary' }, request, lent)).toBeNull();
    expect(actingFor(delegate, { ...request, request_owner_id: 4 }, lent)).toBeNull();
    expect(actingFor(delegate, { ...request, next_reviewer_role: null }, lent)).toBeNull();
    expect(lentRolesOf([...lent, ...lent])).toEqual(['executive_secretary']);
  });
});
