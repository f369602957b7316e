import type { ReactNode } from 'react';
import { budgetCodeLabel, formatAmount, formatDate, optionLabel, ROLE_LABELS, type RequestRecord, type Review } from '@imprest/domain';
import { useNavigate } from '@imprest/router';
import { Box, Button, HStack, Heading, SidePanel, Stack, Text } from '@imprest/ui';
import { RequestStatusBadge } from '../../components/RequestStatusBadge';
import { supplierLabel } from '../../components/supplier-label';
import { PATHS } from '../../paths';
import { TEXT } from '../../strings';

const { preview } = TEXT;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <HStack as="div" justify="space-between" align="flex-start" gap="4" py="1.5" borderBottomWidth="1px" borderColor="border.muted">
      <Text as="dt" fontSize="sm" color="fg.muted" flexShrink={0}>
        {label}
      </Text>
      <Box as="dd" m="0" textAlign="right" fontSize="sm" fontWeight="medium" overflowWrap="anywhere">
        {children}
      </Box>
    </HStack>
  );
}

function Step({ review }: { review: Review }) {
  return (
    <Box as="li" listStyleType="none" borderWidth="1px" borderRadius="md" p="3">
      <HStack justify="space-between" gap="2">
        <Text fontWeight="medium">{ROLE_LABELS[review.reviewer_role]}</Text>
        <RequestStatusBadge status={review.status} />
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        {review.reviewer_name ?? preview.notActed}
      </Text>
      {review.reviewer_name && (
        <Text fontSize="sm" mt="1" whiteSpace="pre-wrap">
          {review.comments || preview.noComment}
        </Text>
      )}
    </Box>
  );
}

/** The side panel a list row opens (docs/screens.md "Requests list"): the request's facts and its review steps. */
export function RequestPreview({ request, onClose }: { request: RequestRecord | null; onClose: () => void }) {
  const navigate = useNavigate();
  const { facts } = preview;
  return (
    <SidePanel
      open={request !== null}
      title={request ? preview.title(optionLabel(request.purpose)) : ''}
      onClose={onClose}
      footer={
        request && (
          <Button colorPalette="teal" w="full" onClick={() => navigate(PATHS.detail(request.id))}>
            {preview.open}
          </Button>
        )
      }
    >
      {request && (
        <Stack gap="5">
          <Box as="dl" m="0">
            <Row label={facts.owner}>{request.request_owner_name}</Row>
            <Row label={facts.department}>{optionLabel(request.department)}</Row>
            <Row label={facts.mode}>{optionLabel(request.mode_of_service)}</Row>
            <Row label={supplierLabel(request.purpose)}>{request.name_of_establishment}</Row>
            <Row label={facts.date}>{formatDate(request.expenditure_date)}</Row>
            <Row label={facts.amount}>{formatAmount(request.amount_requested, request.amount_currency)}</Row>
            <Row label={facts.budgetCode}>{budgetCodeLabel(request.budget_code, request.budget_name)}</Row>
            <Row label={facts.payment}>{optionLabel(request.payment_mode)}</Row>
            <Row label={facts.status}>
              <RequestStatusBadge status={request.current_status} />
            </Row>
            {request.approval_number && <Row label={facts.approvalNumber}>{request.approval_number}</Row>}
          </Box>
          <Box>
            <Text fontSize="sm" color="fg.muted">
              {facts.justification}
            </Text>
            <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
              {request.expenditure_justification}
            </Text>
          </Box>
          <Stack as="section" gap="2" aria-labelledby="preview-steps">
            <Heading as="h3" id="preview-steps" size="sm">
              {preview.steps}
            </Heading>
            <Stack as="ol" gap="2" m="0" p="0">
              {request.reviews.map((review) => (
                <Step key={review.id} review={review} />
              ))}
            </Stack>
          </Stack>
        </Stack>
      )}
    </SidePanel>
  );
}
