import type { RetirementStatus } from '@imprest/domain';
import { Badge } from '@imprest/ui';
import { TEXT } from '../strings';

const PALETTE: Record<RetirementStatus, string> = { pending: 'yellow', on_progress: 'blue', approved: 'green', rejected: 'red' };

/** A retirement's status as docs/product-rules.md §Statuses names it: Not Submitted, Under Review, Approved, Rejected. */
export function RetirementStatusBadge({ status }: { status: RetirementStatus }) {
  return (
    <Badge colorPalette={PALETTE[status]} whiteSpace="nowrap">
      {TEXT.status[status]}
    </Badge>
  );
}
