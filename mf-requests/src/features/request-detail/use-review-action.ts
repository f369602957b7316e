import { useState } from 'react';
import { actedFirst, errorMessage } from '@imprest/api-client';
import { useReviewRequest } from '@imprest/api-client/query';
import type { ReviewInput } from '@imprest/domain';

export type ReviewOutcome = { kind: 'saved' } | { kind: 'conflict' } | { kind: 'failed'; detail: string } | null;

/**
 * Sends a review of the first pending step. REVIEW_STEP_TAKEN means somebody acted on the step first: the
 * request is fetched again so the page shows what they did.
 */
export function useReviewAction(refetch: () => unknown) {
  const mutation = useReviewRequest();
  const [outcome, setOutcome] = useState<ReviewOutcome>(null);

  const send = (input: ReviewInput, onSaved: () => void) => {
    setOutcome(null);
    mutation.mutate(input, {
      onSuccess: () => {
        setOutcome({ kind: 'saved' });
        onSaved();
      },
      onError: (error) => {
        if (actedFirst(error)) {
          setOutcome({ kind: 'conflict' });
          void refetch();
        } else setOutcome({ kind: 'failed', detail: errorMessage(error) });
      },
    });
  };

  return { send, outcome, busy: mutation.isPending, sending: mutation.variables?.status };
}
