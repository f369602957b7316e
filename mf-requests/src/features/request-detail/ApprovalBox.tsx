import { formatDateTime } from '@imprest/domain';
import { Box, Text } from '@imprest/ui';
import { DETAIL_TEXT } from './strings';

/**
 * The approval number once the chain approved the request. SPEC's Request Retirement button (finance
 * permission) and the embedded retirement form belong in this box; they come with the retirements
 * issue, whose calls do not exist yet, so no button is offered that could not work.
 */
export function ApprovalBox({ approvalNumber, approvedAt }: { approvalNumber: string; approvedAt: string | null }) {
  return (
    <Box as="section" aria-label={DETAIL_TEXT.approval.heading} colorPalette="green" bg="colorPalette.subtle" borderWidth="1px" borderColor="colorPalette.muted" borderRadius="lg" p={{ base: '4', md: '5' }} data-print-box>
      <Text fontSize="xs" textTransform="uppercase" letterSpacing="wide" color="colorPalette.fg">
        {DETAIL_TEXT.approval.heading}
      </Text>
      <Text fontSize="2xl" fontWeight="bold" fontVariantNumeric="tabular-nums" data-testid="approval-number">
        {approvalNumber}
      </Text>
      {approvedAt && <Text fontSize="sm">{DETAIL_TEXT.approval.approvedOn(formatDateTime(approvedAt))}</Text>}
    </Box>
  );
}
