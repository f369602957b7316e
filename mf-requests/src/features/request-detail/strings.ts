/**
 * Texts of the request detail page; where SPEC.md words them, word for word. Field labels and
 * status names are the section's own (../../strings), so the form, list and detail read alike.
 */

export const DETAIL_TEXT = {
  title: (purpose: string) => `Approval Request for ${purpose}`,
  seeMatrix: 'See Approval Matrix',
  print: 'Print',
  back: 'Back',
  goBack: 'Go Back',
  loading: 'Loading the request',
  notFound: "Error! Couldn't find the request.",
  versionLabel: 'Select request version',
  versionOption: (version: number, created: string) => `Version ${version} · ${created}`,
  historyNote: (version: number) => `You are looking at version ${version}, an earlier version of this request. It is read-only.`,
  progress: 'Request progress',
  steps: { received: 'Received', approved: 'Approved', completed: 'Completed' },
  stepStatus: { pending: 'Pending', approved: 'Done', rejected: 'Rejected', returned: 'Returned', closed: 'Not reached' },
  facts: {
    heading: 'Request details',
    amount: 'Amount requested',
    submitted: 'Submitted',
    band: 'Approval band',
    status: 'Status',
    attachments: 'Supporting documents',
    noAttachments: 'None',
  },
  reviews: {
    heading: 'Reviews',
    ordinal: (ordinal: string) => `${ordinal} Reviewer`,
    awaiting: (role: string) => `Awaiting ${role}`,
    noComment: 'No comment',
  },
  review: {
    heading: 'Your review',
    comment: 'Comment for the requester',
    commentHint: 'A comment is required to reject or to return for edits.',
    accept: 'Accept',
    reject: 'Reject',
    returnForEdits: 'Return for Edits',
    failed: 'Error! Failed to add review',
    conflict: 'Someone else acted on this step first. The request has been refreshed; check its status below.',
    done: 'Your review was saved.',
    waitingFor: (role: string) => `Waiting for ${role}`,
    reviewed: 'You reviewed this request',
    closed: 'No further review: this request is closed.',
    notInChain: 'Your role is not part of this request’s approval chain.',
  },
  edit: 'Edit',
  approval: { heading: 'Approval number', approvedOn: (when: string) => `Approved on ${when}` },
  changes: {
    heading: (version: number) => `Changes from version ${version}`,
    none: 'No field changed.',
    attachments: 'Supporting documents (count)',
    before: 'Before',
    after: 'After',
  },
} as const;
