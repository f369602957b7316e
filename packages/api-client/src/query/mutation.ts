import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

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
