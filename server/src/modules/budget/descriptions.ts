// The rules of each budget call that its schema cannot say, as the OpenAPI document's `description`.
// The rules live in packages/domain (budget/*.ts, money.ts), which the form uses too.
import { BUDGET_LOCKED } from '@imprest/domain';
import { BAD_BALANCE_AMOUNT } from './service';
import { alreadyExists, hasRequests } from './manage-budget';

const SCOPE = [
  "Finance (`finance_officer`, `executive_secretary`, `director`) and `board_chairman` see every department's codes; everyone",
  'else sees the codes of their own department and those open to `all`.',
].join('\n');

const USAGE = [
  "`balance` is `amount − committed`: `committed` sums the code's latest requests that are pending, on_progress, request_edit or",
  'approved, and `requests_count` counts all its requests of any version (both kept in `budget_usage`, moved in the',
  'transaction of each submit, review and retirement).',
].join('\n');

const VALUES = [
  '**Values** (400 naming the first problem): name 1 to 120 characters (trimmed); description at most 1000; amount above 0,',
  'at most 1,000,000,000,000, at most 2 decimals; department one of the departments or `all` (the default); currency `tzs`,',
  '`usd`, `gbp` or `chf`; `meta_data` `[categoryKey, branchKey]`, a known expense category and branch; `code` must be category +',
  'branch + a cost code 1 to 99, e.g. 400 `Budget code 6100 does not fit Operating Cost (6000) and Stem Park Dar es Salaam',
  '(100): the cost code is 0, but it must be a whole number from 1 to 99`. The server stores the code it computes. Wrong types,',
  'unknown properties and over-long text fail the schema (`body.amount: Expected number`).',
].join('\n');

export const BUDGET_DOCS = {
  list: [
    'In code order, archived codes included (with their status); `search` matches part of the name (any case) or of the code.',
    '`department` narrows, for those who see every department, to the codes open to that department (its own and `all`); `all`',
    'or none is every code; everyone else always gets exactly their own scope, whatever they send. An unknown department: 400.',
    '',
    SCOPE,
    '',
    USAGE,
  ].join('\n'),
  codes: `The active codes the caller may see, for the request form.\n\n${SCOPE}`,
  detail: [
    "`{code}` is the full code (the route's id), not the row id. The page holds the code's latest requests the caller may see,",
    'newest first; its `total` is the kept count for those who see every request, else a count of what they see. An archived',
    'code is shown; a code the caller may not see answers 404.',
    '',
    USAGE,
  ].join('\n'),
  balance: [
    'An archived code, like an unknown or invisible one, answers 404 (archived codes take no new requests); a bad `amount`',
    `400 \`${BAD_BALANCE_AMOUNT}\`. The submit call checks the balance again under the code's lock.`,
  ].join('\n'),
  create: [
    `Unique per organisation: 409 \`${alreadyExists(6101)}\` (also when two adds race). Honours \`Idempotency-Key\`.`,
    '',
    VALUES,
    '',
    'Audit: `create` (after; amounts in major units). Budget changes send no realtime event.',
  ].join('\n'),
  update: [
    'With prior requests (`requests_count > 0`) the currency, category, branch and code cannot change (400',
    `\`${BUDGET_LOCKED}\`, the specification's wording) and the amount can only grow (400 \`… the amount can only be increased: at least TZS`,
    '25,000,000`); no amount may fall below `committed` (400 `Amount cannot be less than TZS x, already spent or committed by',
    'requests`). Description and department left out are kept; an edit missing `name`, `amount`, `amount_currency`, `code` or',
    '`meta_data` is 400. Nothing different answers 200 with no audit. `{id, current_status: "archived" | "active"}` archives or',
    're-activates; any other status is 400.',
    '',
    VALUES,
    '',
    'Audit: `update` (the changed fields before and after), `archive`, `reactivate`.',
  ].join('\n'),
  remove: `Only a code with no requests: else 409 \`${hasRequests(6101)}\`. Audit: \`delete\` (before).`,
  download: 'The code\'s latest requests, as the detail lists them, streamed as they are read (`filename="budget-{code}.xlsx"`).',
};
