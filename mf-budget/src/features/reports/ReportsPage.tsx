import { useMemo, type ComponentProps } from 'react';
import { useQuery, type UseQueryResult } from '@imprest/api-client/query';
import { Link } from '@imprest/router';
import { getBudgetVsActual, getOutstanding, getTurnaround, useSession } from '@imprest/api-client';
import { AGEING_LABELS, formatAmount, formatCalendarDate, hasFinancePermission } from '@imprest/domain';
import { Heading, Stack, Text } from '@imprest/ui';
import { Problem } from '../../components/PageStates';
import { PATHS } from '../../paths';
import { AGES, OUTSTANDING_HEADERS, OutstandingSummary, outstandingCells } from './outstanding';
import { AwaitingSettlement } from './AwaitingSettlement';
import { ReportSection, type Chart } from './ReportSection';

const COLORS = { committed: '#d69e2e', spent: '#319795', remaining: '#a0aec0', p90: '#805ad5' };
const tzs = (n: number | null) => (n === null ? '—' : formatAmount(n, 'tzs'));
const hours = (h: number | null) => (h === null ? '—' : h < 48 ? `${h} h` : `${Math.round(h / 24)} d`);

/** The empty list while a report loads: one array, so the charts' memos keep it between renders. */
const NONE: readonly never[] = [];

type QueryReportProps = Omit<ComponentProps<typeof ReportSection>, 'loading' | 'error' | 'chart' | 'wrap'> & {
  query: UseQueryResult;
  chart: Chart;
};

/** A report fed by its query: loading and failing with it, its chart once the numbers are in; the second column (names, labels) wraps. */
function QueryReport({ query, chart, ...props }: QueryReportProps) {
  return (
    <ReportSection
      {...props}
      loading={query.isPending}
      error={query.error}
      chart={query.data === undefined ? undefined : chart}
      wrap={[1]}
    />
  );
}

/** /dashboard/budget/reports: budget vs actual, outstanding advances, approval turnaround. */
export default function ReportsPage() {
  const actor = useSession((s) => s.currentUser);
  const finance = !!actor && hasFinancePermission(actor);
  const budget = useQuery({ queryKey: ['reports', 'budget-vs-actual'], queryFn: () => getBudgetVsActual(), enabled: finance });
  const advances = useQuery({ queryKey: ['reports', 'outstanding'], queryFn: () => getOutstanding({ per_page: 50 }), enabled: finance });
  const turnaround = useQuery({ queryKey: ['reports', 'turnaround'], queryFn: () => getTurnaround(), enabled: finance });

  const categories = budget.data?.categories ?? NONE;
  const budgetChart = useMemo(
    () => ({
      labels: categories.map((c) => c.label),
      stacked: true,
      series: [
        { label: 'Spent', values: categories.map((c) => c.spent), color: COLORS.spent },
        { label: 'Committed', values: categories.map((c) => c.committed), color: COLORS.committed },
        { label: 'Remaining', values: categories.map((c) => Math.max(0, c.remaining)), color: COLORS.remaining },
      ],
    }),
    [categories],
  );
  const people = advances.data?.by_person ?? NONE;
  const ageChart = useMemo(
    () => ({
      labels: people.map((p) => p.label),
      stacked: true,
      series: AGES.map(([key, color]) => ({ label: AGEING_LABELS[key], color, values: people.map((p) => p[key]) })),
    }),
    [people],
  );
  const months = turnaround.data?.approval ?? NONE;
  const turnChart = useMemo(
    () => ({
      labels: months.map((m) => m.month),
      series: [
        { label: 'Median hours', values: months.map((m) => m.median_hours ?? 0), color: COLORS.spent },
        { label: '90th percentile hours', values: months.map((m) => m.p90_hours ?? 0), color: COLORS.p90 },
      ],
    }),
    [months],
  );

  if (!actor) return null;
  if (!finance) return <Problem message="The reports are for finance." />;
  const b = budget.data;
  const a = advances.data;
  const t = turnaround.data;
  return (
    <Stack gap="5">
      <Heading as="h1" size="lg">
        Reports
      </Heading>
      <QueryReport
        id="budget-vs-actual"
        title="Budget vs actual"
        query={budget}
        chart={budgetChart}
        headers={['Code', 'Name', 'Category', 'Amount', 'Committed', 'Spent', 'Remaining', 'Remaining (TZS)']}
        rows={[
          ...(b?.codes ?? []).map((c) => [
            <Link key="c" to={PATHS.detail(c.code)}>
              {c.code}
            </Link>,
            c.name,
            c.category,
            formatAmount(c.amount, c.currency),
            formatAmount(c.committed, c.currency),
            formatAmount(c.spent, c.currency),
            formatAmount(c.remaining, c.currency),
            tzs(c.remaining_tzs),
          ]),
          ...(b
            ? [
                [
                  '',
                  b.total.label,
                  '',
                  tzs(b.total.amount),
                  tzs(b.total.committed),
                  tzs(b.total.spent),
                  tzs(b.total.remaining),
                  tzs(b.total.remaining),
                ],
              ]
            : []),
        ]}
      >
        {b && (
          <Text fontSize="sm" color="fg.muted">
            Expenditure dates {formatCalendarDate(b.from)} to {formatCalendarDate(b.to)}; the organisation total in TZS through its exchange
            rates
            {b.missing_rates.length > 0 && ` (no rate for ${b.missing_rates.map((c) => c.toUpperCase()).join(', ')}: left out)`}.
          </Text>
        )}
      </QueryReport>
      <QueryReport
        id="outstanding"
        title="Outstanding advances"
        query={advances}
        chart={ageChart}
        headers={OUTSTANDING_HEADERS}
        rows={(a?.rows ?? []).map(outstandingCells)}
      >
        {a && <OutstandingSummary report={a} />}
        {a && <AwaitingSettlement awaiting={a.awaiting_settlement} />}
      </QueryReport>
      <QueryReport
        id="turnaround"
        title="Approval turnaround"
        query={turnaround}
        chart={turnChart}
        headers={['Month', 'Step', 'Count', 'Median', '90th percentile']}
        rows={[
          ...months.map((m) => [m.month, 'Submission to approval', String(m.count), hours(m.median_hours), hours(m.p90_hours)]),
          ...(t?.steps ?? []).map((s) => [s.month, s.label, String(s.count), hours(s.median_hours), hours(s.p90_hours)]),
        ]}
      />
    </Stack>
  );
}
