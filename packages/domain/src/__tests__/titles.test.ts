import { newButtonFor, pageTitle, sectionOf } from '../titles';

describe('pageTitle', () => {
  it.each([
    ['/dashboard', 'Home'],
    ['/dashboard/', 'Home'],
    ['/dashboard/requests', 'Requests'],
    ['/dashboard/requests/12', 'Requests'],
    ['/dashboard/new-requests', 'New Requests'],
    ['/dashboard/new-users', 'New Users'],
    ['/dashboard/users', 'Users'],
    ['/dashboard/view-request/4', 'View Request'],
    ['/dashboard/approval-matrix', 'Approval Matrix'],
    ['/dashboard/settings', 'Settings'],
    ['/dashboard/approval-object', 'New Approval Details'],
    ['/dashboard/view-user/7', 'View User'],
    ['/dashboard/budget', 'Budget'],
    ['/dashboard/budget/6101', 'Budget - 6101'],
    ['/dashboard/new-budget', 'New Budget'],
    ['/dashboard/retirements', 'Retirement'],
    ['/dashboard/something-else', 'Home'],
  ])('%s reads %s', (path, title) => {
    expect(pageTitle(path)).toBe(title);
  });
});

describe('sectionOf', () => {
  it.each([
    ['/dashboard/users', 'users'],
    ['/dashboard/view-user/3', 'requests'],
    ['/dashboard/new-users', 'users'],
    ['/dashboard/budget/6101', 'budget'],
    ['/dashboard/edit-budget/6101', 'budget'],
    ['/dashboard/requests', 'requests'],
    ['/dashboard', 'requests'],
  ])('%s is in %s', (path, section) => {
    expect(sectionOf(path)).toBe(section);
  });
});

describe('newButtonFor', () => {
  it('takes the section from the current screen', () => {
    expect(newButtonFor('/dashboard/users')).toEqual({ to: '/dashboard/new-users', label: 'New Users' });
    expect(newButtonFor('/dashboard/budget')).toEqual({ to: '/dashboard/new-budget', label: 'New Budget' });
    expect(newButtonFor('/dashboard')).toEqual({ to: '/dashboard/new-requests', label: 'New Requests' });
  });
});
