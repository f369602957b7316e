import type { SystemRole, User } from '@imprest/domain';
import { newButton } from '../features/layout/header-rules';
import { navItemsFor } from '../features/layout/nav-items';
import { remoteFor } from '../app/federation/sections';

const user = (system_role: SystemRole, is_locked = false) => ({ system_role, is_locked }) as User;

describe("the header's New button", () => {
  it('goes to the new-{section} page named after the section', () => {
    expect(newButton('/dashboard/users', user('director'))).toEqual({ to: '/dashboard/new-users', label: 'New Users' });
    expect(newButton('/dashboard/budget/6101', user('finance_officer'))).toEqual({ to: '/dashboard/new-budget', label: 'New Budget' });
    expect(newButton('/dashboard/requests', user('staff'))).toEqual({ to: '/dashboard/new-requests', label: 'New Requests' });
  });

  it('is hidden on Users without admin permission, on Budget without finance permission, on Requests when locked', () => {
    expect(newButton('/dashboard/users', user('staff'))).toBeNull();
    expect(newButton('/dashboard/budget', user('petty_cash_custodian'))).toBeNull();
    expect(newButton('/dashboard/requests', user('staff', true))).toBeNull();
    expect(newButton('/dashboard', user('staff', true))).toBeNull();
  });

  it('is hidden on the forms that create things', () => {
    expect(newButton('/dashboard/new-requests', user('director'))).toBeNull();
    expect(newButton('/dashboard/approval-object', user('director'))).toBeNull();
  });
});

describe('navigation', () => {
  it('omits Retirements from the mobile footer and Users for staff', () => {
    expect(navItemsFor(user('director'), 'menu').map((i) => i.label)).toEqual(['Requests', 'Retirements', 'Users', 'Budget', 'Settings']);
    expect(navItemsFor(user('director'), 'footer').map((i) => i.label)).toEqual(['Requests', 'Users', 'Budget', 'Settings']);
    expect(navItemsFor(user('staff'), 'menu').map((i) => i.label)).toEqual(['Requests', 'Retirements', 'Budget', 'Settings']);
  });

  it('routes every dashboard path to the remote that owns it', () => {
    expect(remoteFor('/dashboard')).toBe('mf_requests');
    expect(remoteFor('/dashboard/view-request/3')).toBe('mf_requests');
    expect(remoteFor('/dashboard/retirements')).toBe('mf_retirements');
    expect(remoteFor('/dashboard/edit-budget/6101')).toBe('mf_budget');
    expect(remoteFor('/dashboard/approval-object')).toBe('mf_users');
    expect(remoteFor('/dashboard/settings')).toBe('mf_settings');
    expect(remoteFor('/dashboard/nowhere')).toBeNull();
  });
});
