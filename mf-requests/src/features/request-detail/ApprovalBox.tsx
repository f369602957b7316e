import { useOrganizationTimeZone } from '@imprest/api-client';
import type { ReactNode } from 'react';
import { formatDateTime } from '@imprest/domain';
import { Box, Flex, Text } from '@imprest/ui';
import { DETAIL_TEXT } from './strings';

interface ApprovalBoxProps {
  approvalNumber: string;
  approvedAt: string | null;
  /** Request Retirement or the embedded retirement, once approved (docs/screens.md "Request detail"). */
  children?: ReactNode;
}

/** The approval number once the chain approved the request, and below it what follows: its retirement. */
export function ApprovalBox({ approvalNumber, approvedAt, children }: ApprovalBoxProps) {
  const timeZone = useOrganizationTimeZone();
  return (
    <Box
      as="section"
      aria-label={DETAIL_TEXT.approval.heading}
      colorPalette="green"
      bg="colorPalette.subtle"
      borderWidth="1px"
      borderColor="colorPalette.muted"
      borderRadius="lg"
      p={{ base: '4', md: '5' }}
      data-print-box
    >
      <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
        <Box>
          <Text fontSize="xs" textTransform="uppercase" letterSpacing="wide" color="colorPalette.fg">
            {DETAIL_TEXT.approval.heading}
          </Text>
          <Text fontSize="2xl" fontWeight="bold" fontVariantNumeric="tabular-nums" data-testid="approval-number">
            {approvalNumber}
          </Text>
          {approvedAt && <Text fontSize="sm">{DETAIL_TEXT.approval.approvedOn(formatDateTime(approvedAt, timeZone))}</Text>}
        </Box>
        {children}
      </Flex>
    </Box>
  );
}
