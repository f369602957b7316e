import { useNavigate } from '@imprest/router';
import type { BudgetDetail } from '@imprest/api-client';
import { formatAmount, formatDate, optionLabel, type BudgetRequest, type RequestStatus } from '@imprest/domain';
import { Box, DataTable, Heading, Pagination, RequestStatusBadge, Text, type Column } from '@imprest/ui';
import { PATHS } from '../../paths';
import { TEXT } from '../../strings';

const { requestColumns: columns } = TEXT.detail;

const COLUMNS: Column<BudgetRequest>[] = [
  { header: columns.name, cell: (r) => <Text fontWeight="medium">{r.request_owner_name}</Text> },
  { header: columns.purpose, cell: (r) => optionLabel(r.purpose), hideBelow: 'md' },
  { header: columns.date, cell: (r) => formatDate(r.expenditure_date), hideBelow: 'md' },
  { header: columns.amount, cell: (r) => <Text whiteSpace="nowrap">{formatAmount(r.amount_requested, r.amount_currency)}</Text> },
  // the same badge as every other list of requests
  { header: columns.status, cell: (r) => <RequestStatusBadge status={r.current_status as RequestStatus} /> },
];

interface BudgetRequestsProps {
  requests: BudgetDetail['requests'] | undefined;
  loading: boolean;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
}

/** 'Budget Requests': the requests spending against the code, a page at a time; a row opens the request. */
export function BudgetRequests({ requests, loading, pageSize, onPageChange, onPageSizeChange }: BudgetRequestsProps) {
  const navigate = useNavigate();
  return (
    <Box as="section">
      <Heading as="h3" size="md" mb="3">
        {TEXT.detail.requests}
      </Heading>
      <DataTable
        columns={COLUMNS}
        rows={requests?.data}
        rowKey={(r) => r.id}
        loading={loading}
        type={TEXT.detail.requestsType}
        onRowClick={(r) => navigate(PATHS.request(r.id))}
      />
      <Pagination
        page={requests?.page ?? 1}
        pageSize={pageSize}
        total={requests?.total ?? 0}
        onPageChange={onPageChange}
        onPageSizeChange={onPageSizeChange}
      />
    </Box>
  );
}
