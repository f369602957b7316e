/**
 * Every object-level rule the server applies, named once (Immich's access.ts is the model). A route
 * declares the rules it applies in `config.access`; the service applies them through this module
 * (`allows`, `assertAccess`, the SQL filters), which records each decision, so a route that declares
 * a rule and never applies it fails the API tests (plugins/access-audit.ts), and the route table
 * shows, for every route, the real rule behind it.
 */
const ACCESS_RULES = {
  caller: 'acts on the caller alone: the path or body user is the caller',
  organization: "the caller's organisation only",
  'request.read':
    "canSeeRequest: owner, a role of any version's chain (a running delegation's role counts as the delegate's), or finance (404 otherwise); lists filter with it in SQL",
  'request.review': 'canReview: holder of the first pending step, never the owner (403), stale step (409)',
  'request.resubmit': 'owner of the latest version, returned for edits',
  'retirement.attach': 'finance permission on a request the caller may see: approved, latest version, none yet (409)',
  'payout.record': 'finance permission on a request the caller may see, never their own request (403): approved, latest version (409)',
  'retirement.submit': 'the retirement owner only, in the state the call needs (409 otherwise)',
  'retirement.review': 'holder of the first pending step of the current round, never the owner, once per round (403), stale step (409)',
  'budget.read': "canSeeBudgetCode: a code open to the caller's department, or finance (404 otherwise)",
  'retirement.settle': 'finance permission on a retirement the caller may see, never their own request (403)',
  'budget.use': 'an active code the caller may see (400 otherwise)',
  'file.read': 'canReadFile: the uploader, or a record listing it that the caller may see (404 otherwise)',
  'file.attach': "only the record owner's own uploads",
  'user.read': 'canViewUser: admin permission or self (404 otherwise)',
  'user.update': 'canEditUser: admin permission or self; identity fields canEditIdentity; e-mail canChangeEmail',
  'user.delete': 'canDeleteUser: never self, never the last director who can sign in',
  'user.restrict': 'canRestrictUser: never self',
  'signed-link': 'a signed, expiring link or policy instead of a session',
  'unsubscribe.link': "a signed link naming one user (mail/unsubscribe.ts): it can only turn that user's e-mail notifications off",
  'report.read': "finance permission: the reports read every request and code of the caller's organisation, all of which finance may see",
  'review.link':
    'a mailed single-use action link bound to its recipient, one step and one version of a request (72 h); acting re-checks request.review as that recipient',
  'delegation.manage': "a delegation's delegator, or a director (every delegation of the organisation); both sides hold admin permission",
  'history.read':
    "a record's audit rows: finance (and so directors) for every record they may read, everyone else for their own request, retirement or user record (404 otherwise)",
} as const;

export type AccessRule = keyof typeof ACCESS_RULES;

export function isAccessRule(value: unknown): value is AccessRule {
  return typeof value === 'string' && Object.hasOwn(ACCESS_RULES, value);
}
