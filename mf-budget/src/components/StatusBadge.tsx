import type { BudgetStatus } from '@imprest/domain';
import { Badge } from '@imprest/ui';
import { TEXT } from '../strings';

/** Active or Archived (docs/product-rules.md §Statuses). */
export function StatusBadge({ status }: { status: BudgetStatus }) {
  return <Badge colorPalette={status === 'archived' ? 'gray' : 'green'}>{TEXT.status[status] ?? status}</Badge>;
}
