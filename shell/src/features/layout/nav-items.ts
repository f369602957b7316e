import { hasAdminPermission, type User } from '@imprest/domain';
import { BudgetIcon, RequestsIcon, RetirementsIcon, SettingsIcon, UsersIcon } from '@imprest/ui';

export interface NavItem {
  label: string;
  to: string;
  icon: typeof RequestsIcon;
  /** The mobile footer omits Retirements (docs/screens.md Layout). */
  inFooter: boolean;
  visible: (user: User) => boolean;
}

const everyone = () => true;

export const NAV_ITEMS: NavItem[] = [
  { label: 'Requests', to: '/dashboard/requests', icon: RequestsIcon, inFooter: true, visible: everyone },
  { label: 'Retirements', to: '/dashboard/retirements', icon: RetirementsIcon, inFooter: false, visible: everyone },
  { label: 'Users', to: '/dashboard/users', icon: UsersIcon, inFooter: true, visible: hasAdminPermission },
  { label: 'Budget', to: '/dashboard/budget', icon: BudgetIcon, inFooter: true, visible: everyone },
  { label: 'Settings', to: '/dashboard/settings', icon: SettingsIcon, inFooter: true, visible: everyone },
];

export function navItemsFor(user: User, where: 'menu' | 'footer'): NavItem[] {
  return NAV_ITEMS.filter((item) => item.visible(user) && (where === 'menu' || item.inFooter));
}
