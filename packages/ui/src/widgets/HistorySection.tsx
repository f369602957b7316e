import { useEffect, useState } from 'react';
import type { HistoryEntry } from '@imprest/domain/contract';
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { DEFAULT_TIME_ZONE, formatDateTime } from '@imprest/domain';

export const HISTORY_TEXT = {
  title: 'History',
  loading: 'Loading the history…',
  failed: 'The history could not be loaded.',
  empty: 'No changes recorded yet.',
  by: (action: string, actor: string | null) => `${action} by ${actor ?? 'Imprest'}`,
  empty_value: '—',
} as const;

export interface HistorySectionProps {
  /** Reads the record's history (api-client getHistory). */
  load: () => Promise<{ history: HistoryEntry[]; time_zone?: string }>;
  /** Reloads when it changes: the record's modified time, so an action shows up at once. */
  refreshKey?: unknown;
}

type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; entries: HistoryEntry[]; timeZone: string };

/** A field set from nothing reads as its value alone; a change as "before → after". */
function changeText(change: HistoryEntry['changes'][number]): string {
  if (change.before === null) return change.after ?? HISTORY_TEXT.empty_value;
  return `${change.before} → ${change.after ?? HISTORY_TEXT.empty_value}`;
}

/**
 * A record's "History": what happened, who and when (on the organisation's clock), one line summing it
 * up, and each field a person changed, from the audit log. Newest first. Shared by the request,
 * retirement, budget and user detail pages; an on-screen record only, so a printout leaves it out.
 */
export function HistorySection({ load, refreshKey }: HistorySectionProps) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    load().then(
      // an answer without its list (an older server) reads as a failure, not as a crash
      (answer) =>
        live &&
        setState(
          Array.isArray(answer?.history)
            ? { kind: 'ready', entries: answer.history, timeZone: answer.time_zone ?? DEFAULT_TIME_ZONE }
            : { kind: 'failed' },
        ),
      () => live && setState({ kind: 'failed' }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load is a new function each render; the record and its refresh key decide when to read again
  }, [refreshKey]);

  return (
    <Box as="section" aria-labelledby="history-title" borderWidth="1px" borderRadius="md" p={4} bg="bg" data-print-hide>
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
              <Text fontWeight="medium">{HISTORY_TEXT.by(entry.action_label, entry.actor_name)}</Text>
              <Text fontSize="sm" color="fg.muted">
                <time dateTime={entry.at}>{formatDateTime(entry.at, state.timeZone)}</time>
              </Text>
              {entry.summary && (
                <Text fontSize="sm" mt={1} wordBreak="break-word">
                  {entry.summary}
                </Text>
              )}
              {entry.changes.length > 0 && (
                <Box as="dl" fontSize="sm" mt={1}>
                  {entry.changes.map((change) => (
                    <Box key={change.field} display="flex" flexWrap="wrap" gap={1}>
                      <Text as="dt" fontWeight="medium">
                        {change.label}:
                      </Text>
                      <Text as="dd" m={0} wordBreak="break-word">
                        {changeText(change)}
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
