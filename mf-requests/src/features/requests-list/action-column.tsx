import { optionLabel, type RequestRecord } from '@imprest/domain';
import { Link as RouterLink } from '@imprest/router';
import { Link, type Column } from '@imprest/ui';
import { PATHS } from '../../paths';
import { TEXT } from '../../strings';

/** The action column: opens the detail page, where a row click only previews. */
export const actionColumn: Column<RequestRecord> = {
  header: TEXT.columns.action,
  width: '4.5rem',
  cell: (request) => (
    <Link asChild color="teal.700" fontWeight="medium">
      <RouterLink
        to={PATHS.detail(request.id)}
        aria-label={TEXT.list.viewRequest(optionLabel(request.purpose), request.request_owner_name)}
        onClick={(e) => e.stopPropagation()}
      >
        {TEXT.list.view}
      </RouterLink>
    </Link>
  ),
};
