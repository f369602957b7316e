import {
  DASHBOARD_ROUTES,
  DASHBOARD_SECTIONS,
  REMOTE_NAMES,
  dashboardPath,
  newButtonFor,
  pageTitle,
  remoteFor,
  sectionOf,
} from '../titles';

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
    ['/dashboard/edit-budget/6101', 'Edit Budget'],
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

describe('the route table', () => {
  it.each([
    ['/dashboard', 'mf_requests'],
    ['/dashboard/', 'mf_requests'],
    ['/dashboard/view-request/3', 'mf_requests'],
    ['/dashboard/retirements/8', 'mf_retirements'],
    ['/dashboard/budget/reports', 'mf_budget'],
    ['/dashboard/edit-budget/6101', 'mf_budget'],
    ['/dashboard/approval-object', 'mf_users'],
    ['/dashboard/settings', 'mf_settings'],
    ['/dashboard/nowhere', null],
  ])('gives %s to %s', (path, remote) => {
    expect(remoteFor(path)).toBe(remote);
  });

  it('gives each first segment one owner and one title', () => {
    const owners = new Map<string, Set<string>>();
    const titles = new Map<string, Set<string>>();
    for (const { remote, path, ...rest } of Object.values(DASHBOARD_ROUTES)) {
      const first = path.split('/')[0];
      owners.set(first, (owners.get(first) ?? new Set()).add(remote));
      if ('title' in rest) titles.set(first, (titles.get(first) ?? new Set()).add(rest.title));
    }
    expect([...owners.values()].filter((set) => set.size > 1)).toEqual([]);
    expect([...titles.values()].filter((set) => set.size > 1)).toEqual([]);
  });

  it("points each section's menu entry at a route of its own", () => {
    for (const name of REMOTE_NAMES) {
      const { route } = DASHBOARD_SECTIONS[name].menu;
      expect(DASHBOARD_ROUTES[route].remote).toBe(name);
      expect(remoteFor(dashboardPath(route))).toBe(name);
    }
    expect(dashboardPath('home')).toBe('/dashboard');
    expect(dashboardPath('approvalMatrix')).toBe('/dashboard/approval-matrix');
  });

  it("fills a route's parameters in, so the remotes' links come from the table", () => {
    expect(dashboardPath('request', { id: 12 })).toBe('/dashboard/requests/12');
    expect(dashboardPath('viewRequest', { id: 3 })).toBe('/dashboard/view-request/3');
    expect(dashboardPath('budgetCode', { code: 6101 })).toBe('/dashboard/budget/6101');
    expect(dashboardPath('editBudget', { code: '61/01' })).toBe('/dashboard/edit-budget/61%2F01');
    // each filled path is owned by the route's remote and reads the route's title
    expect(remoteFor(dashboardPath('retirement', { id: 8 }))).toBe('mf_retirements');
    expect(pageTitle(dashboardPath('viewUser', { id: 7 }))).toBe('View User');
  });

  // Never run: the type check (tsc over the tests) fails if the compiler stops refusing these.
  function refusedByTheCompiler() {
    // @ts-expect-error a route with parameters needs them
    dashboardPath('request');
    // @ts-expect-error a route without parameters takes none
    dashboardPath('requests', { id: 1 });
    // @ts-expect-error a parameter the route does not have
    dashboardPath('budgetCode', { id: 1 });
  }
  void refusedByTheCompiler;
});
