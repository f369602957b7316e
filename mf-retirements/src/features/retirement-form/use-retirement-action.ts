import { useState } from 'react';
import { ApiError, errorMessage } from '@imprest/api-client';
import { BUDGET_EXCEEDED } from '@imprest/domain';

export type ActionOutcome = { kind: 'done' } | { kind: 'conflict' } | { kind: 'failed'; detail: string } | null;

/**
 * The outcome of one retirement action (submit, review, request to resubmit). A 409 means somebody
 * acted first: the retirement is fetched again so the form shows what they did.
 */
export function useActionOutcome(refetch: () => unknown) {
  const [outcome, setOutcome] = useState<ActionOutcome>(null);
  const handlers = {
    onMutate: () => setOutcome(null),
    onSuccess: () => setOutcome({ kind: 'done' }),
    onError: (error: unknown) => {
      // BUDGET_EXCEEDED is a 409 nobody else caused: its message (the room left) is the answer to show
      if (error instanceof ApiError && error.status === 409 && error.code !== BUDGET_EXCEEDED) {
        setOutcome({ kind: 'conflict' });
        void refetch();
      } else setOutcome({ kind: 'failed', detail: errorMessage(error) });
    },
  };
  return { outcome, handlers, reset: () => setOutcome(null) };
}
