// The rules of the approval matrix and exchange-rate calls that their schemas cannot say, as the
// OpenAPI document's `description`. The rules live in packages/domain (approval/*.ts:
// approvalMatrixProblems, exchangeRatesProblem, resolveChain), which the edit screen uses too.

const KEPT_CHAINS = [
  "**Requests keep their chain.** A request's reviewers are resolved once, when it is submitted (`resolveChain` on the matrix",
  'and rates of that moment), and stored with it: an edit changes only requests submitted afterwards. A resubmission is',
  "resolved again, but at no lower a rate than its earlier version's (`requests.band_rate`), so a rate cut never lowers its band.",
].join('\n');

const SAVE = [
  'Changed by directors only and readable by everyone signed in (staff may see who approves), so a caller without the right',
  'gets 403 with the reason rather than the usual 404. Each save is one transaction (PostgreSQL locks the organisation row, so',
  'concurrent saves queue) with an audit row, action `update`, before and after the whole',
].join('\n');

export const APPROVAL_DOCS = {
  matrix: [
    'Until a director saves one: the default matrix (band B from 0 to 150,000,000: finance officer, executive secretary; band A',
    'from 150,000,000: the same and the director) with `modified_at` and `modified_by_name` null.',
  ].join('\n'),
  saveMatrix: [
    '**Bands** (400 naming the band and field, e.g. `Band 2 (B): the start must equal the end of band 1 (1,000,000), otherwise',
    "there is a gap`): 1 to 10 bands sorted by start; the first starts at 0; each band's `end_value` (exclusive) is the next",
    "band's `start_value`; start below end; only the last band has `end_value: null`, and it must (a capped last band would leave",
    "larger requests with no reviewers); amounts in TZS, at least 0, at most 2 decimals; `user_role` (the band's label) trimmed,",
    '1 to 20 characters, unique in any case; `description` at most 200; `reviewers` 1 to 3 distinct reviewer roles',
    '(`petty_cash_custodian`, `finance_officer`, `executive_secretary`, `director`, `board_chairman`), stored in that order,',
    'the order the chain reviews in; `cascading_notification` a boolean.',
    '',
    KEPT_CHAINS,
    '',
    `${SAVE} matrix (\`entity: "approval_matrix"\`).`,
  ].join('\n'),
  rates: 'TZS per unit, `{}` with `modified_at` null until a director saves rates.',
  saveRates: [
    '**Rates** replace the whole set (a currency left out takes no new requests until given again): keys `usd`, `gbp`, `chf`',
    '(never `tzs`), at least one, each above 0, at most 1,000,000, at most 2 decimals; stored in cents of TZS.',
    '',
    KEPT_CHAINS,
    '',
    `${SAVE} set (\`entity: "exchange_rates"\`).`,
  ].join('\n'),
};
