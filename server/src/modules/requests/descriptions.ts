// The rules of each requests call that its schema cannot say, as the OpenAPI document's
// `description`. The rules live in packages/domain (requests/request-validation.ts,
// request-access.ts, request-status.ts, approval: resolveChain), which the screens use too.
import { ONLY_YOUR_OWN } from './read-requests';
import { STEP_TAKEN } from './review-request';
import { ALREADY_RESUBMITTED, NOT_RETURNED } from './submit-request';

const MODE = [
  "`{role}` is `user` (staff mode: the caller's own requests) or the caller's own system role (admin mode: finance sees the",
  "organisation's requests, other roles their own and those whose chain, in any version, holds their role). Another role or",
  `another user id: 403 \`${ONLY_YOUR_OWN}\`.`,
].join('\n');

const SUBMIT = [
  '**Checks** (400 with the first problem, nothing written): purpose and mode from their lists; supplier 1 to 200 and',
  "justification 1 to 2000 characters (trimmed); `expenditure_date` a real `YYYY-MM-DD` not before today in the organisation's",
  'time zone; amount above 0, at most 2 decimals; currency, payment mode and tax status from their lists; `file_paths` at most',
  '20 keys the owner uploaded; the budget code an active code of the organisation the caller may see (`Budget code 6101 is not',
  'an active code you can request against`), in its currency (`The selected currency differs from the budget code currency.`)',
  'and within its balance (`The entered amount exceeds the available balance in the budget code`). Owner, department and',
  'owner name come from the caller; a locked account gets 403 (`Your account is locked due to pending retirement: …`). A',
  'request the matrix cannot route (no rate for its currency, nobody but the owner to review) is 400 `This request cannot be',
  'routed for approval: …`.',
  '',
  "**Balance under concurrency.** The check and the insert are one transaction that first locks the code's row (PostgreSQL",
  '`SELECT … FOR UPDATE`, then the usage read in a new statement, since one that waited for the lock would still sum its old',
  'snapshot; SQLite runs one write transaction at a time): 200 simultaneous requests against room for 50 give exactly 50 × 201.',
  '',
  "**Chain.** `resolveChain` on the organisation's matrix and rates at submission (holders: live users of each role, the owner",
  "excluded): one review row per step, `next_reviewer_role` the first step's role, `band` and `cascading_notification` from the",
  'band.',
  '',
  '**After commit.** Mail (in the same transaction, through the outbox; never to the owner as a reviewer, never to a user with',
  "`mute_notification`) to the holders of the first step's role, and with `cascading_notification` to the later steps' holders;",
  'realtime `update_request` to those who may see it; audit `create` (the request and its chain). Honours `Idempotency-Key`: a',
  'replay creates, mails and emits nothing.',
].join('\n');

export const REQUESTS_DOCS = {
  submit: SUBMIT,
  resubmit: [
    `Needs the latest version, returned for edits (else 409 \`${NOT_RETURNED}\` / \`${ALREADY_RESUBMITTED}\`); someone else's`,
    'request is 403 if the caller sees it, else 404. In one transaction the parent stops being the latest (it commits nothing',
    "from then on) and the new row gets `parent_request`, the parent's root, `version + 1` and a chain resolved afresh (at no",
    "lower a rate than the parent's band). Audit `resubmit` (before: the parent); realtime `update_request` for both versions.",
    '',
    SUBMIT,
  ].join('\n'),
  detail: 'The request with `version_history` (every other version, newest first); amounts in major units, `reviews` in chain order.',
  list: ['Latest versions, newest first; the download of the same mode holds the same requests.', '', MODE].join('\n'),
  pending: [
    "Latest requests whose first pending step is the caller's role, oldest first; `role` must be the caller's own system role",
    `(403 \`${ONLY_YOUR_OWN}\` otherwise); never the caller's own requests.`,
  ].join('\n'),
  summary:
    "The tiles count latest versions: the caller's own, the organisation's (finance) or what a role's chain holds; Unretired is approved requests with no retirement yet.",
  download: [
    'The `.xlsx` is named after the caller (`filename="<fullname> requests.xlsx"; filename*=UTF-8\'\'…`) and streamed.',
    '',
    MODE,
  ].join('\n'),
  review: [
    'One transaction (PostgreSQL locks the request row, then reads its steps again). A request the caller may not see: 404. Their',
    "own request, one approved, rejected or returned, a step already acted on by the caller, another role's step, or a step",
    `after the first pending one: 403 with the reason. A step somebody already acted on: 409 \`${STEP_TAKEN}\` (of two`,
    'simultaneous actions, one gets 200 and the other 409). `comments` (trimmed, at most 2000) are required to reject or return.',
    '`reviewer_id`, `reviewer_name` and `reviewer_title` in the body are ignored: the caller is recorded, with their position as',
    'title. Full approval takes the number `{YYYY}-{nnnnn}` (per organisation and year in its time zone, counted inside the',
    'transaction) and sets `approved_at`.',
    '',
    "Mail: the holders of the next step's role after each approval; the owner on approval (with the number), rejection and return",
    "(with the comment); with `cascading_notification` the later steps' holders hear of each step. Audit `review` (status and",
    'next role before and after, the step); realtime `update_request`.',
  ].join('\n'),
};
