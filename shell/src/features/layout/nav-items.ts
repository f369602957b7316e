import { DASHBOARD_SECTIONS, REMOTE_NAMES, dashboardPath, hasAdminPermission, type RemoteName, type User } from '@imprest/domain';
import { BudgetIcon, RequestsIcon, RetirementsIcon, SettingsIcon, UsersIcon } from '@imprest/ui';

export interface NavItem {
  label: string;
  to: string;
  icon: typeof RequestsIcon;
  /** The mobile footer omits Retirements (docs/screens.md Layout). */
  inFooter: boolean;
  visible: (user: User) => boolean;
}

const ICONS: Record<RemoteName, typeof RequestsIcon> = {
  mf_requests: RequestsIcon,
  mf_retirements: RetirementsIcon,
  mf_users: UsersIcon,
  mf_budget: BudgetIcon,
  mf_settings: SettingsIcon,
};

const everyone = () => true;

/** One entry per section of the route table, in its order; only the icons are the shell's. */
const NAV_ITEMS: NavItem[] = REMOTE_NAMES.map((name) => {
  const { label, menu } = DASHBOARD_SECTIONS[name];
  return {
    label,
    to: dashboardPath(menu.route),
    icon: ICONS[name],
    inFooter: menu.footer,
    visible: menu.adminOnly ? hasAdminPermission : everyone,
  };
});

export function navItemsFor(user: User, where: 'menu' | 'footer'): NavItem[] {
  return NAV_ITEMS.filter((item) => item.visible(user) && (where === 'menu' || item.inFooter));
}
