import { ROLE_LABELS, type RequestRecord, type RetirementStatus, type ReviewStatus } from '@imprest/domain';
import { DETAIL_TEXT } from './strings';

/** 'closed': a step the request never reached, because an earlier one rejected or returned it. */
export type StepState = 'pending' | 'approved' | 'rejected' | 'returned' | 'closed';

export interface ProgressStep {
  key: string;
  label: string;
  state: StepState;
}

const STATE: Record<ReviewStatus, StepState> = { pending: 'pending', approved: 'approved', rejected: 'rejected', request_edit: 'returned' };

export const stepStateOf = (status: ReviewStatus): StepState => STATE[status];

/** How the Completed step reads: done once the retirement is approved, rejected when it was, else waiting. */
const COMPLETED: Record<RetirementStatus, StepState> = {
  pending: 'pending',
  on_progress: 'pending',
  approved: 'approved',
  rejected: 'rejected',
};

/**
 * Received, each reviewer step (reviews in chain order), Approved, and Completed once a retirement
 * exists (docs/screens.md), in the state of that retirement when it is known.
 */
export function progressSteps(
  request: Pick<RequestRecord, 'reviews' | 'current_status' | 'current_retirement'>,
  retirementStatus?: RetirementStatus | null,
): ProgressStep[] {
  const { steps } = DETAIL_TEXT;
  const stopped = request.current_status === 'rejected' || request.current_status === 'request_edit';
  const waiting: StepState = stopped ? 'closed' : 'pending';
  return [
    { key: 'received', label: steps.received, state: 'approved' },
    ...request.reviews.map((r) => ({
      key: `review-${r.id}`,
      label: ROLE_LABELS[r.reviewer_role],
      state: r.status === 'pending' ? waiting : STATE[r.status],
    })),
    { key: 'approved', label: steps.approved, state: request.current_status === 'approved' ? 'approved' : waiting },
    ...(request.current_retirement !== null || retirementStatus
      ? [{ key: 'completed', label: steps.completed, state: retirementStatus ? COMPLETED[retirementStatus] : ('approved' as const) }]
      : []),
  ];
}
