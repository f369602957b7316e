import { REQUEST_STATUS_LABELS, type RequestStatus } from '@imprest/domain';
import { Badge } from '../chakra';

const PALETTE: Record<RequestStatus, string> = {
  pending: 'yellow',
  on_progress: 'blue',
  approved: 'green',
  rejected: 'red',
  request_edit: 'orange',
};

/**
 * A request's or a review step's status (docs/product-rules.md §Statuses), the same badge wherever a
 * request is listed: the requests list and detail, and a budget code's requests.
 */
export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  return (
    <Badge colorPalette={PALETTE[status] ?? 'gray'} whiteSpace="nowrap">
      {REQUEST_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}
