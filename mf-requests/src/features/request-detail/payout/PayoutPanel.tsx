import { useState } from 'react';
import type { RequestView } from '@imprest/api-client';
import {
  hasFinancePermission,
  leftToPaySentence,
  paidPartSentence,
  paidSentence,
  payoutLeft,
  phoneDisplay,
  toMinorUnits,
  type User,
} from '@imprest/domain';
import { Box, Button, Heading, Stack, Text } from '@imprest/ui';
import { PayoutForm } from './PayoutForm';
import { PAYOUT_TEXT as text } from './strings';

/**
 * How an approved request's advance was paid (docs/product-rules.md §Money "Payout"): one line a part
 * ("Paid by M-Pesa on 28/11/2026, ref QGH7XK2L9P"), what is left while it is paid in part, or
 * "Approved — not yet paid"; and for a finance user who is not its owner, the Record payout form.
 */
export function PayoutPanel({ request, viewer, refetch }: { request: RequestView; viewer: User; refetch: () => unknown }) {
  const [recording, setRecording] = useState(false);
  const payouts = request.payouts ?? [];
  const approved = toMinorUnits(request.amount_requested) ?? 0;
  const paid = payouts.reduce((sum, p) => sum + (toMinorUnits(p.amount) ?? 0), 0);
  const left = payoutLeft(approved, paid);
  const mayRecord = hasFinancePermission(viewer) && viewer.id !== request.request_owner_id && left > 0;
  const several = payouts.length > 1 || (payouts.length === 1 && left > 0);

  return (
    <Box as="section" aria-label={text.heading} borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '5' }} bg="bg" data-testid="payout">
      <Stack gap="2">
        <Heading as="h2" size="sm" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
          {text.heading}
        </Heading>
        {payouts.length === 0 && (
          <Text fontWeight="semibold" data-testid="payout-state">
            {text.notYetPaid}
          </Text>
        )}
        {payouts.map((p) => (
          <Box key={p.id} data-testid="payout-part">
            <Text fontWeight="semibold">{several ? paidPartSentence(p, p.amount_currency) : paidSentence(p)}</Text>
            <Text fontSize="sm" color="fg.muted">
              {[p.phone && text.toPhone(phoneDisplay(p.phone)), text.recordedBy(p.recorded_by_name)].filter(Boolean).join(' · ')}
            </Text>
          </Box>
        ))}
        {payouts.length > 0 && left > 0 && (
          <Text fontWeight="semibold" color="orange.fg" data-testid="payout-left">
            {leftToPaySentence(left, request.amount_currency)}
          </Text>
        )}
        {mayRecord && !recording && (
          <Button alignSelf={{ base: 'stretch', sm: 'flex-start' }} colorPalette="teal" onClick={() => setRecording(true)} data-print-hide>
            {text.record}
          </Button>
        )}
        {mayRecord && recording && <PayoutForm request={request} left={left} onDone={() => setRecording(false)} refetch={refetch} />}
      </Stack>
    </Box>
  );
}
