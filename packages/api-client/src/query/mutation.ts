import { useState } from 'react';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { newIdempotencyKey, type CreateOptions } from '@imprest/api-client';

/** A create's body with its options (the Idempotency-Key the form keeps). */
export interface WithKey<T> {
  body: T;
  options?: CreateOptions;
}

export interface InvalidateOptions<Input> {
  /** A record the call removed: its cached answer must not keep showing. */
  forget?: (input: Input) => QueryKey;
  /**
   * Whether the mutation settles only once the refetch did (the screen then shows fresh rows at
   * once). Off where the screen moves on first — a success panel, a navigation — and a refetch of
   * what just changed (a renamed code) would only race it.
   */
  awaitRefetch?: boolean;
}

/** A mutation that refreshes every query of the families it touches once it succeeds. */
export function useInvalidatingMutation<Input, Output>(
  families: readonly QueryKey[],
  mutationFn: (input: Input) => Promise<Output>,
  { forget, awaitRefetch = false }: InvalidateOptions<Input> = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (_output, input) => {
      if (forget) client.removeQueries({ queryKey: forget(input) });
      const refetches = Promise.all(families.map((queryKey) => client.invalidateQueries({ queryKey })));
      if (awaitRefetch) await refetches;
    },
  });
}

/**
 * A form's create options: one Idempotency-Key per form instance, sent with every try, so a double
 * click or a retry after a lost answer creates one record; the server stores nothing for a refused
 * create, so corrected values may reuse the key.
 */
export function useFormKey(): CreateOptions {
  const [idempotencyKey] = useState(newIdempotencyKey);
  return { idempotencyKey };
}
