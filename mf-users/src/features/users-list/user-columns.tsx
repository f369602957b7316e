import { Link as RouterLink } from '@imprest/router';
import { optionLabel, type User } from '@imprest/domain';
import { Link, Text, type Column } from '@imprest/ui';
import { roleLabel } from '../../components/user-options';
import { PATHS } from '../../paths';
import { TEXT } from '../../strings';

const { columns } = TEXT.list;

/** NAME, DEPARTMENT, EMAIL ADDRESS, SYSTEM ROLE and the View action; phones keep name, role and View. */
export const USER_COLUMNS: Column<User>[] = [
  {
    header: columns.name,
    cell: (user) => (
      <Text fontWeight="medium" lineClamp={2}>
        {user.fullname}
      </Text>
    ),
  },
  { header: columns.department, cell: (user) => optionLabel(user.department), hideBelow: 'md' },
  { header: columns.email, cell: (user) => user.email, hideBelow: 'md' },
  { header: columns.systemRole, cell: (user) => roleLabel(user.system_role) },
  {
    header: columns.action,
    width: '4.5rem',
    cell: (user) => (
      <Link asChild color="teal.700" fontWeight="medium">
        {/* the row opens the user as well; the link is there for keyboards and screen readers */}
        <RouterLink to={PATHS.viewUser(user.id)} aria-label={TEXT.list.viewUser(user.fullname)} onClick={(e) => e.stopPropagation()}>
          {TEXT.list.view}
        </RouterLink>
      </Link>
    ),
  },
];
