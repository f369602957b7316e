import { useEffect, useState } from 'react';
import type { HistoryEntry } from '@imprest/domain/contract';
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { formatInstant } from '@imprest/domain';

export const HISTORY_TEXT = {
  title: 'History',
  loading: 'Loading the history…',
  failed: 'The history could not be loaded.',
  empty: 'No changes recorded yet.',
  system: 'Imprest',
  empty_value: '—',
} as const;

export interface HistorySectionProps {
  /** Reads the record's history (api-client getHistory). */
  load: () => Promise<{ history: HistoryEntry[] }>;
  /** Reloads when it changes: the record's modified time, so an action shows up at once. */
  refreshKey?: unknown;
}

type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; entries: HistoryEntry[] };

/**
 * A record's "History" (issue 16): who, when, what, and each changed field as "label: before → after",
 * from the audit log. Newest first. Shared by the request, retirement, budget and user detail pages.
 */
export function HistorySection({ load, refreshKey }: HistorySectionProps) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    load().then(
      // an answer without its list (an older server) reads as a failure, not as a crash
      (answer) => live && setState(Array.isArray(answer?.history) ? { kind: 'ready', entries: answer.history } : { kind: 'failed' }),
      () => live && setState({ kind: 'failed' }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load is a new function each render; the record and its refresh key decide when to read again
  }, [refreshKey]);

  return (
    <Box as="section" aria-labelledby="history-title" borderWidth="1px" borderRadius="md" p={4} bg="bg">
      <Heading as="h2" id="history-title" size="md" mb={3}>
        {HISTORY_TEXT.title}
      </Heading>
      {state.kind === 'loading' && <Text color="fg.muted">{HISTORY_TEXT.loading}</Text>}
      {state.kind === 'failed' && <Text color="fg.error">{HISTORY_TEXT.failed}</Text>}
      {state.kind === 'ready' && state.entries.length === 0 && <Text color="fg.muted">{HISTORY_TEXT.empty}</Text>}
      {state.kind === 'ready' && state.entries.length > 0 && (
        <Stack as="ol" gap={3} listStyleType="none" m={0} p={0}>
          {state.entries.map((entry) => (
            <Box as="li" key={entry.id} borderLeftWidth="3px" borderColor="border.emphasized" pl={3}>
              <Text fontWeight="medium">
                {entry.action_label} · {entry.actor_name ?? HISTORY_TEXT.system}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                <time dateTime={entry.at}>{formatInstant(new Date(entry.at), 'dd/MM/yyyy HH:mm')}</time>
              </Text>
              {entry.changes.length > 0 && (
                <Box as="dl" fontSize="sm" mt={1}>
                  {entry.changes.map((change) => (
                    <Box key={change.field} display="flex" flexWrap="wrap" gap={1}>
                      <Text as="dt" fontWeight="medium">
                        {change.label}:
                      </Text>
                      <Text as="dd" m={0} wordBreak="break-word">
                        {change.before ?? HISTORY_TEXT.empty_value} → {change.after ?? HISTORY_TEXT.empty_value}
                      </Text>
                    </Box>
                  ))}
                </Box>
              )}
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}
