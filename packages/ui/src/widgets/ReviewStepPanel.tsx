import type { ReactNode } from 'react';
import { Box, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { formatDateTime } from '@imprest/domain';

export interface ReviewStepPanelProps {
  /** The step's ordinal in the remote's words ('1st Reviewer'): the panel's name and its caption. */
  label: string;
  /** The colour palette of the step's state. */
  palette: string;
  /** data-status: the state the panel shows (a review status, or the remote's own such as 'closed'). */
  state: string;
  /** Who: the reviewer's name, the role, or 'Awaiting …'. */
  who: ReactNode;
  /** The lines under the name (the role, for whom a delegate acted). */
  children?: ReactNode;
  /** The step's status at the right, in the remote's words (with an icon where it has one). */
  status: ReactNode;
  /** Once acted on: the comment, the remote's words for none, lines of its own after it, and when (on the organisation's clock). */
  acted?: { comments: string | null; noComment: string; note?: ReactNode; at: string | null; timeZone: string };
  /** Kept boxed when the page is printed (the request detail prints its chain). */
  printBox?: boolean;
}

/** One step of a review chain: who, in what role, the status, and once acted the comment and when. */
export function ReviewStepPanel({ label, palette, state, who, children, status, acted, printBox }: ReviewStepPanelProps) {
  return (
    <Box
      as="article"
      aria-label={label}
      colorPalette={palette}
      bg="colorPalette.subtle"
      borderWidth="1px"
      borderColor="colorPalette.muted"
      borderLeftWidth="4px"
      borderLeftColor="colorPalette.500"
      borderRadius="md"
      p="4"
      data-status={state}
      data-print-box={printBox || undefined}
    >
      <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
        <Box minW="0">
          <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
            {label}
          </Text>
          <Text fontWeight="semibold">{who}</Text>
          {children}
        </Box>
        <Flex align="center" gap="1.5" color="colorPalette.fg" fontWeight="semibold" fontSize="sm">
          {status}
        </Flex>
      </Flex>
      {acted && (
        <>
          <Text mt="3" whiteSpace="pre-wrap" overflowWrap="anywhere" fontStyle={acted.comments ? undefined : 'italic'}>
            {acted.comments || acted.noComment}
          </Text>
          {acted.note}
          {acted.at && (
            <Text mt="1" fontSize="xs" color="fg.muted">
              {formatDateTime(acted.at, acted.timeZone)}
            </Text>
          )}
        </>
      )}
    </Box>
  );
}

/** The chain's section: a heading, then one panel per step. `headingId` names the section by its heading's id. */
export function ReviewSteps({ heading, headingId, children }: { heading: string; headingId?: string; children: ReactNode }) {
  return (
    <Stack as="section" aria-labelledby={headingId} aria-label={headingId ? undefined : heading} gap="3">
      <Heading as="h3" id={headingId} size="md">
        {heading}
      </Heading>
      {children}
    </Stack>
  );
}
