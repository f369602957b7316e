import type { ReactNode } from 'react';
import { budgetCodeLabel, formatAmount, formatDate, formatDateTime, optionLabel, type RequestRecord } from '@imprest/domain';
import { Box, Heading, SimpleGrid, Text } from '@imprest/ui';
import { Attachments } from './Attachments';
import { DETAIL_TEXT } from './strings';

const { facts } = DETAIL_TEXT;

function Fact({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Box gridColumn={wide ? '1 / -1' : undefined} minW="0">
      <Text as="dt" fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
        {label}
      </Text>
      <Box as="dd" m="0" mt="0.5" fontWeight="medium" overflowWrap="anywhere" whiteSpace="pre-wrap">
        {children}
      </Box>
    </Box>
  );
}

/** What was asked for: who, what, when, how much and from which budget code. */
export function RequestFacts({ request }: { request: RequestRecord }) {
  return (
    <Box as="section" aria-labelledby="request-facts" bg="bg" borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '6' }} data-print-box>
      <Heading as="h3" id="request-facts" size="md" mb="4">
        {facts.heading}
      </Heading>
      <SimpleGrid as="dl" columns={{ base: 1, sm: 2 }} gap="4" m="0">
        <Fact label={facts.owner}>{request.request_owner_name}</Fact>
        <Fact label={facts.department}>{optionLabel(request.department)}</Fact>
        <Fact label={facts.purpose}>{optionLabel(request.purpose)}</Fact>
        <Fact label={facts.mode}>{optionLabel(request.mode_of_service)}</Fact>
        <Fact label={request.purpose === 'travel' ? facts.transporter : facts.supplier}>{request.name_of_establishment}</Fact>
        <Fact label={facts.expenditureDate}>{formatDate(request.expenditure_date)}</Fact>
        <Fact label={facts.amount}>{formatAmount(request.amount_requested, request.amount_currency)}</Fact>
        <Fact label={facts.budgetCode}>{budgetCodeLabel(request.budget_code, request.budget_name)}</Fact>
        <Fact label={facts.paymentMode}>{optionLabel(request.payment_mode)}</Fact>
        <Fact label={facts.taxStatus}>{optionLabel(request.tax_status)}</Fact>
        <Fact label={facts.submitted}>{formatDateTime(request.created_at)}</Fact>
        <Fact label={facts.band}>{request.band}</Fact>
        <Fact label={facts.status}>{DETAIL_TEXT.requestStatus[request.current_status]}</Fact>
        <Fact label={facts.justification} wide>
          {request.expenditure_justification}
        </Fact>
        <Fact label={facts.attachments} wide>
          <Attachments files={request.file_paths} />
        </Fact>
      </SimpleGrid>
    </Box>
  );
}
