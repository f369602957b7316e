import { useState } from 'react';
import { actedFirst, errorMessage } from '@imprest/api-client';

export type ActionOutcome = { kind: 'done' } | { kind: 'conflict' } | { kind: 'failed'; detail: string } | null;

/**
 * The outcome of one retirement action (submit, review, request to resubmit). An acted-first code
 * (ACTED_FIRST_CODES) means somebody acted first: the retirement is fetched again so the form shows
 * what they did; any other refusal (BUDGET_EXCEEDED names the room left) is the answer to show.
 */
export function useActionOutcome(refetch: () => unknown) {
  const [outcome, setOutcome] = useState<ActionOutcome>(null);
  const handlers = {
    onMutate: () => setOutcome(null),
    onSuccess: () => setOutcome({ kind: 'done' }),
    onError: (error: unknown) => {
      if (actedFirst(error)) {
        setOutcome({ kind: 'conflict' });
        void refetch();
      } else setOutcome({ kind: 'failed', detail: errorMessage(error) });
    },
  };
  return { outcome, handlers, reset: () => setOutcome(null) };
}
