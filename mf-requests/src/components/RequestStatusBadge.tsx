import type { RequestStatus } from '@imprest/domain';
import { Badge } from '@imprest/ui';
import { TEXT } from '../strings';

const PALETTE: Record<RequestStatus, string> = {
  pending: 'yellow',
  on_progress: 'blue',
  approved: 'green',
  rejected: 'red',
  request_edit: 'orange',
};

/** A request's or a review step's status (docs/product-rules.md §Statuses); review statuses are a subset of the request's. */
export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  return (
    <Badge colorPalette={PALETTE[status]} whiteSpace="nowrap">
      {TEXT.status[status]}
    </Badge>
  );
}
