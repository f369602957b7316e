import { useOrganizationTimeZone } from '@imprest/api-client';
import { budgetCodeLabel, formatAmount, formatDate, formatDateTime, optionLabel, type RequestRecord } from '@imprest/domain';
import { Box, Heading, SimpleGrid } from '@imprest/ui';
import { Fact } from '@imprest/ui/forms';
import { RequestStatusBadge } from '../../components/RequestStatusBadge';
import { supplierLabel } from '../../components/supplier-label';
import { TEXT } from '../../strings';
import { Attachments } from './Attachments';
import { DETAIL_TEXT } from './strings';

const { facts } = DETAIL_TEXT;
const { fields } = TEXT.form;

/** What was asked for: who, what, when, how much and from which budget code. */
export function RequestFacts({ request }: { request: RequestRecord }) {
  const timeZone = useOrganizationTimeZone();
  return (
    <Box as="section" aria-labelledby="request-facts" bg="bg" borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '6' }} data-print-box>
      <Heading as="h3" id="request-facts" size="md" mb="4">
        {facts.heading}
      </Heading>
      <SimpleGrid as="dl" columns={2} columnGap="4" rowGap="4" m="0" data-facts>
        <Fact label={fields.name}>{request.request_owner_name}</Fact>
        <Fact label={fields.department}>{optionLabel(request.department)}</Fact>
        <Fact label={fields.purpose}>{optionLabel(request.purpose)}</Fact>
        <Fact label={fields.mode}>{optionLabel(request.mode_of_service)}</Fact>
        <Fact label={supplierLabel(request.purpose)}>{request.name_of_establishment}</Fact>
        <Fact label={fields.date}>{formatDate(request.expenditure_date)}</Fact>
        <Fact label={facts.amount}>{formatAmount(request.amount_requested, request.amount_currency)}</Fact>
        <Fact label={fields.budgetCode}>{budgetCodeLabel(request.budget_code, request.budget_name)}</Fact>
        <Fact label={fields.payment}>{optionLabel(request.payment_mode)}</Fact>
        <Fact label={fields.tax}>{optionLabel(request.tax_status)}</Fact>
        <Fact label={facts.submitted}>{formatDateTime(request.created_at, timeZone)}</Fact>
        <Fact label={facts.band}>{request.band}</Fact>
        <Fact label={TEXT.preview.facts.status}>
          <RequestStatusBadge status={request.current_status} />
        </Fact>
        <Fact label={fields.justification} wide>
          {request.expenditure_justification}
        </Fact>
        <Fact label={facts.attachments} wide>
          <Attachments files={request.file_paths} />
        </Fact>
      </SimpleGrid>
    </Box>
  );
}
