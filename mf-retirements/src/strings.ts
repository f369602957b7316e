import { RETIREMENT_STATUS_LABELS, type RetirementStatusFilter } from '@imprest/domain';

/** Texts of the retirements section. Where the specification gives a text it is used word for word. */
export const TEXT = {
  loading: 'Loading',
  type: 'retirements',
  status: RETIREMENT_STATUS_LABELS,
  columns: {
    name: 'NAME',
    purpose: 'PURPOSE',
    date: 'RETIREMENT DATE',
    requested: 'AMOUNT REQUESTED',
    spent: 'AMOUNT SPENT',
    status: 'STATUS',
  },
  notSubmitted: RETIREMENT_STATUS_LABELS.pending,
  list: {
    search: 'Search retirements',
    statusFilter: 'Status',
    filter: { all: 'All statuses', ...RETIREMENT_STATUS_LABELS } satisfies Record<RetirementStatusFilter, string>,
    owed: 'Showing the retirements still owed: not submitted yet, or rejected and to be sent again.',
    showAll: 'Show all retirements',
    /** A row whose step the viewer takes through a running delegation: its delegator. */
    actingFor: (name: string) => `for ${name}`,
  },
  form: {
    title: 'Retirement Form',
    loading: 'Loading the retirement',
    notFound: "Error! Couldn't find the retirement.",
    goBack: 'Go Back',
    statusLine: (due: string) => `Retirement date ${due}`,
    request: (purpose: string, approval: string | null) => (approval ? `${purpose} request ${approval}` : `${purpose} request`),
    openRequest: 'Open the request',
    fields: {
      name: 'Name',
      received: 'Amount Received',
      spent: 'Total Amount Spent',
      costCode: 'Cost Code',
      comments: 'Comments for the reviewer',
      documents: 'Receipts and documents',
      reviewComments: 'Comment for the requester',
    },
    noComments: 'No comments',
    noDocuments: 'No documents attached',
    documentsHint: 'Attach the receipts for what was spent.',
    submit: 'Submit Retirement',
    resubmit: 'Request to Resubmit',
    reject: 'Reject',
    accept: 'Accept',
    rejectNeedsComment: 'A comment is required to reject.',
    submitFailed: 'Error! Invalid data in retirement submitted',
    reviewFailed: 'Error! Failed to add review',
    resubmitFailed: 'Error! Could not reopen the retirement',
    conflict: 'Someone else acted on this step first. The retirement has been refreshed; check its status below.',
    submitted: 'Retirement Request successful!',
    reviewed: 'Retirement Review successful!',
    viewRequests: 'View requests',
    yourReview: 'Your review',
    /** A step the viewer takes through a running delegation: its delegator. */
    actingFor: (name: string, role: string) => `for ${name} (${role})`,
    waitingFor: (role: string) => `Waiting for ${role}`,
    notYours: 'You have no review to make on this retirement now.',
    /** Beyond the specification: under "Spent TZS X more than advanced". */
    excess: {
      owner: (code: number) =>
        `Say why in the comments for the reviewer. The excess needs room in budget code ${code}: an amount the code cannot take is refused.`,
      reviewer: (code: number) => `The excess is taken from budget code ${code} when the retirement is finally approved.`,
    },
  },
  reviews: {
    heading: 'Reviews',
    ordinal: (ordinal: string) => `${ordinal} Reviewer`,
    awaiting: (role: string) => `Awaiting ${role}`,
    notReached: 'Not reached',
    noComment: 'No comment',
    status: { pending: 'Pending', approved: 'Approved', rejected: 'Rejected', request_edit: 'Returned for Edits' },
  },
  history: {
    heading: 'Earlier submissions',
    round: (round: number, when: string) => `Submission ${round} · ${when}`,
    spent: (amount: string) => `Total Amount Spent: ${amount}`,
  },
} as const;
