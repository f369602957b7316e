import { dashboardPath, hasAdminPermission, hasFinancePermission, newButtonFor, pageTitle, sectionOf, type User } from '@imprest/domain';

/**
 * The header's 'New ...' button (docs/screens.md Layout): hidden on Users without admin permission, on
 * Budget without finance permission, on Requests when the account is locked, and on the forms
 * that create things (their titles start with 'New').
 */
export function newButton(pathname: string, user: User): { to: string; label: string } | null {
  if (pageTitle(pathname).startsWith('New ') || pathname.startsWith(dashboardPath('settings'))) return null;
  const section = sectionOf(pathname);
  if (section === 'users' && !hasAdminPermission(user)) return null;
  if (section === 'budget' && !hasFinancePermission(user)) return null;
  if (section === 'requests' && user.is_locked) return null;
  return newButtonFor(pathname);
}
