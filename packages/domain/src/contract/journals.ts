import { Type, type Static } from '@sinclair/typebox';
import { JOURNAL_FORMATS } from '../accounting/journal-formats';
import { ACCOUNT_CODE_MAX, ACCOUNT_CODE_PATTERN, JOURNAL_ACCOUNT_KEYS, JOURNAL_SOURCES } from '../accounting/journal';
import { CURRENCIES } from '../organization/options';
import { literals, nullable, organisationDay as day, strict, time } from './common';

const minor = (description: string) => Type.Integer({ description: `Minor units (cents); ${description}` });

/** One account finance maps, with the code mapped (null while unmapped). */
const JournalAccountSchema = Type.Object(
  { key: literals(JOURNAL_ACCOUNT_KEYS), label: Type.String(), code: nullable(Type.String()) },
  strict,
);
export const JournalAccountsSchema = Type.Object({ accounts: Type.Array(JournalAccountSchema) }, strict);
export type JournalAccounts = Static<typeof JournalAccountsSchema>;

/** PUT journals/accounts: every key finance maps; '' or a missing key leaves it unmapped. */
export const JournalAccountsBody = Type.Object(
  {
    accounts: Type.Array(
      Type.Object(
        {
          key: literals(JOURNAL_ACCOUNT_KEYS),
          code: Type.String({ maxLength: ACCOUNT_CODE_MAX, description: `'' unmaps; otherwise matches ${ACCOUNT_CODE_PATTERN}` }),
        },
        strict,
      ),
      { maxItems: JOURNAL_ACCOUNT_KEYS.length },
    ),
  },
  strict,
);
export type JournalAccountsInput = Static<typeof JournalAccountsBody>;

const LineSchema = Type.Object(
  {
    account: Type.String(),
    label: Type.String(),
    code: nullable(Type.String()),
    debit: minor('0 on a credit line'),
    credit: minor('0 on a debit line'),
  },
  strict,
);
const EntrySchema = Type.Object(
  {
    source: literals(JOURNAL_SOURCES),
    id: Type.Integer(),
    date: day('the day the money moved, or the retirement was approved'),
    narration: Type.String(),
    description: Type.String(),
    rate: nullable(minor('TZS per unit of the currency, the rate used; null for TZS')),
    lines: Type.Array(LineSchema, { minItems: 2, maxItems: 2 }),
  },
  strict,
);
const JournalExportSchema = Type.Object(
  {
    from: day('first day'),
    to: day('last day'),
    currency: literals(CURRENCIES),
    format: literals(JOURNAL_FORMATS),
    exported_by_name: Type.String(),
    exported_at: time(),
  },
  strict,
);
const JournalSchema = Type.Object(
  {
    currency: literals(CURRENCIES),
    entries: Type.Array(EntrySchema),
    debit: minor('total debits'),
    credit: minor('total credits'),
    balanced: Type.Boolean(),
    unmapped: Type.Array(Type.String(), { description: 'Labels of the accounts to map before downloading' }),
    problem: nullable(Type.String({ description: 'Why it cannot be downloaded; null when it can' })),
    exports: Type.Array(JournalExportSchema, { description: 'Earlier exports of an overlapping period in this currency, newest first' }),
  },
  strict,
);
export const JournalPreviewSchema = Type.Object(
  { from: day('first day'), to: day('last day'), journals: Type.Array(JournalSchema) },
  strict,
);
export type JournalPreview = Static<typeof JournalPreviewSchema>;

export const JournalPeriodQuery = Type.Object(
  {
    from: Type.Optional(Type.String({ maxLength: 10, description: 'YYYY-MM-DD; default the first day of this month' })),
    to: Type.Optional(Type.String({ maxLength: 10, description: 'YYYY-MM-DD; default today' })),
  },
  strict,
);
export const JournalDownloadQuery = Type.Object(
  {
    from: Type.String({ maxLength: 10, description: 'YYYY-MM-DD' }),
    to: Type.String({ maxLength: 10, description: 'YYYY-MM-DD' }),
    currency: literals(CURRENCIES),
    format: literals(JOURNAL_FORMATS),
    again: Type.Optional(Type.Boolean({ description: 'true to export a period already exported (409 otherwise)' })),
  },
  strict,
);
