import { Suspense } from 'react';
import { useLentRoles, useReopenRetirement } from '@imprest/api-client/query';
import { ROLE_LABELS, type Retirement, type User } from '@imprest/domain';
import { Button, Stack, Text } from '@imprest/ui';
import { TEXT } from '../../strings';
import { Outcome } from './Outcome';
import { ReviewBox } from './ReviewBox';
import { SubmitForm } from './forms';
import { retirementReviewCapacity } from '../../components/review-capacity';
import { awaitedRole, canRequestResubmit, type RetirementFormMode } from './form-mode';
import { useActionOutcome } from './use-retirement-action';

const { form: text } = TEXT;

interface ActionsProps {
  mode: RetirementFormMode;
  viewer: User;
  retirement: Retirement;
  onDone: (kind: 'submitted' | 'reviewed' | 'queued') => void;
  refetch: () => unknown;
}

/** Request to Resubmit: the rejected round moves to the history and the form opens in edit mode again. */
function RequestResubmit({ retirement, refetch }: { retirement: Retirement; refetch: () => unknown }) {
  const mutation = useReopenRetirement();
  const { outcome, handlers } = useActionOutcome(refetch);
  return (
    <Stack gap="2" align="flex-start">
      <Outcome outcome={outcome} failed={text.resubmitFailed} />
      <Button
        colorPalette="teal"
        loading={mutation.isPending}
        onClick={() => mutation.mutate(retirement.id, { onError: handlers.onError })}
      >
        {text.resubmit}
      </Button>
    </Stack>
  );
}

/** What the viewer may do with the retirement in this mode. */
export function RetirementActions({ mode, viewer, retirement: r, onDone, refetch }: ActionsProps) {
  // a running delegation lends the delegator's role: its steps are the viewer's to take, in both names
  const lent = useLentRoles(viewer);
  if (mode === 'edit')
    return (
      <Suspense fallback={null}>
        <SubmitForm retirement={r} refetch={refetch} onSubmitted={(queued) => onDone(queued ? 'queued' : 'submitted')} />
      </Suspense>
    );
  if (canRequestResubmit(viewer, r)) return <RequestResubmit retirement={r} refetch={refetch} />;
  if (mode !== 'admin') return null;
  const capacity = retirementReviewCapacity(viewer, r, lent);
  if (capacity)
    return <ReviewBox retirement={r} onBehalfOf={capacity.onBehalfOf?.fullname} refetch={refetch} onReviewed={() => onDone('reviewed')} />;
  const role = awaitedRole(r);
  return (
    <Text color="fg.muted" data-testid="review-block">
      {role && role !== viewer.system_role ? text.waitingFor(ROLE_LABELS[role]) : text.notYours}
    </Text>
  );
}
