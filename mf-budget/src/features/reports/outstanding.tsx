import type { ReactNode } from 'react';
import { Link } from '@imprest/router';
import { ADVANCE_STAGE_LABELS, formatAmount, formatCalendarDate, optionLabel, type AdvanceStage, type AgeingBucket } from '@imprest/domain';
import type { Outstanding, OutstandingRow } from '@imprest/domain/contract';
import { Badge, Text } from '@imprest/ui';
import { PATHS } from '../../paths';
import { countOf } from './report-text';

/** The chart's stacks: the owner's lateness in warming colours, then what waits on finance or the reviewers. */
export const AGES: ReadonlyArray<readonly [AgeingBucket, string]> = [
  ['not_due', '#a0aec0'],
  ['days_0_14', '#d69e2e'],
  ['days_15_30', '#dd6b20'],
  ['over_30', '#e53e3e'],
  ['not_requested', '#718096'],
  ['under_review', '#3182ce'],
];

// the retirement list's colours for the same statuses (mf-retirements RetirementStatusBadge)
const PALETTE: Record<AdvanceStage, string> = { not_requested: 'gray', not_submitted: 'yellow', rejected: 'red', under_review: 'blue' };

export const OUTSTANDING_HEADERS = [
  'Approval number',
  'Name',
  'Department',
  'Amount',
  'Due',
  'Status',
  'Days past due',
  'Days with reviewers',
];

const tzs = (n: number) => formatAmount(n, 'tzs');

/** Days past due: only while the owner must act; before the due date, "Not due". */
const pastDue = (days: number | null) => (days === null ? '—' : days < 0 ? 'Not due' : String(days));

/** One advance as a row of the table: dates en-GB, whose move it is, and the days on whoever holds it. */
export function outstandingCells(r: OutstandingRow): ReactNode[] {
  return [
    <Link key="r" to={PATHS.request(r.request_id)}>
      {r.approval_number ?? r.request_id}
    </Link>,
    r.owner_name,
    optionLabel(r.department),
    formatAmount(r.amount, r.currency),
    formatCalendarDate(r.due_date),
    <Badge key="s" colorPalette={PALETTE[r.stage]} whiteSpace="nowrap">
      {ADVANCE_STAGE_LABELS[r.stage]}
    </Badge>,
    pastDue(r.days_past_due),
    r.days_with_reviewers === null ? '—' : `${r.days_with_reviewers} since ${formatCalendarDate(r.submitted_on!)}`,
  ];
}

/** How much is outstanding and where it waits: late with its owner, with the reviewers, or not yet asked for (each part only when there is some). */
export function OutstandingSummary({ report }: { report: Outstanding }) {
  const t = report.total;
  const parts = (
    [
      [t.over_30, 'more than 30 days past due with its owner'],
      [t.under_review, 'with reviewers'],
      [t.not_requested, 'whose retirement is not yet requested'],
    ] as const
  )
    .filter(([amount]) => amount > 0)
    .map(([amount, where]) => `${tzs(amount)} ${where}`);
  return (
    <Text fontSize="sm" color="fg.muted">
      {countOf(report.count, 'advance')}, {tzs(t.amount)} in all{parts.length ? `: ${parts.join(', ')}` : ''}. Days past due count only
      until the owner submits. Oldest due date first.
    </Text>
  );
}
