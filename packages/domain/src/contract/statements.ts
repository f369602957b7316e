import { Type, type Static } from '@sinclair/typebox';
import { literals, nullable, strict, time } from './common';

/** The longest bank account name and column name finance types. */
const STATEMENT_ACCOUNT_MAX = 60;
const STATEMENT_COLUMN_MAX = 60;

const column = (description: string) => Type.String({ minLength: 1, maxLength: STATEMENT_COLUMN_MAX, description });
const optionalColumn = (description: string) => Type.Optional(nullable(column(description)));

const BankColumnsSchema = Type.Object(
  {
    date: column('The header of the day column (dd/mm/yyyy or yyyy-mm-dd)'),
    details: column('The header of the narrative column'),
    reference: optionalColumn('The header of the reference column, if the statement has one'),
    amount: optionalColumn('One signed amount column (money out negative, in brackets or DR); or give debit and credit'),
    debit: optionalColumn('The money-out column, with credit'),
    credit: optionalColumn('The money-in column, with debit'),
  },
  { ...strict, description: "A bank account's columns, remembered for its next statements" },
);

export const StatementImportBody = Type.Object(
  {
    file_key: Type.String({ minLength: 1, maxLength: 300, description: 'The key of the uploaded CSV (files/presigned-post-url)' }),
    source: literals(['mpesa', 'bank'] as const),
    account: Type.Optional(
      Type.String({ minLength: 1, maxLength: STATEMENT_ACCOUNT_MAX, description: 'The bank account (bank statements)' }),
    ),
    columns: Type.Optional(BankColumnsSchema),
  },
  strict,
);
export type StatementImportInput = Static<typeof StatementImportBody>;

export const StatementImportAnswer = Type.Object(
  {
    data: Type.Object(
      {
        id: Type.Integer(),
        source: literals(['mpesa', 'bank'] as const),
        account: Type.String(),
        file_key: Type.String(),
        first_date: Type.String(),
        last_date: Type.String(),
        lines: Type.Integer({ description: 'Lines read' }),
        added: Type.Integer({ description: 'Lines no earlier import had stored' }),
        already_imported: Type.Integer(),
      },
      strict,
    ),
  },
  strict,
);

const StatementLineSchema = Type.Object(
  {
    id: Type.Integer(),
    line: Type.Integer({ description: 'The line of the file it was read from' }),
    date: Type.String(),
    amount: Type.Number({ description: 'Major units, TZS; negative for money out' }),
    reference: Type.String(),
    details: Type.String(),
    party: Type.String(),
    phone: nullable(Type.String({ description: 'As the statement shows it: digits and * for hidden ones' })),
    state: literals(['completed', 'charge', 'failed', 'reversal', 'reversed'] as const),
  },
  strict,
);

const MovementRecordSchema = Type.Object(
  {
    kind: literals(['payout', 'settlement'] as const),
    id: Type.Integer(),
    request_id: Type.Integer(),
    approval_number: nullable(Type.String({ description: "The request's approval number (2026-00042)" })),
    retirement_id: nullable(Type.Integer()),
    person: Type.String(),
    date: Type.String(),
    amount: Type.Number(),
    currency: Type.String(),
    direction: literals(['in', 'out'] as const),
    method: Type.String(),
    network: nullable(Type.String()),
    reference: Type.String(),
    phone: nullable(Type.String()),
  },
  strict,
);

/** One import: its account, its days, how many lines it read and how many were new. */
const StatementSummarySchema = Type.Object(
  {
    id: Type.Integer(),
    source: literals(['mpesa', 'bank'] as const),
    account: Type.String(),
    first_date: Type.String(),
    last_date: Type.String(),
    lines: Type.Integer(),
    added: Type.Integer(),
    imported_at: time(),
  },
  strict,
);

const pair = Type.Object({ line: StatementLineSchema, record: MovementRecordSchema }, strict);

export const ReconciliationAnswer = Type.Object(
  {
    data: Type.Object(
      {
        statement: StatementSummarySchema,
        matched: Type.Array(
          Type.Object(
            { line: StatementLineSchema, record: MovementRecordSchema, by: literals(['reference', 'amount_date_phone'] as const) },
            strict,
          ),
        ),
        ambiguous: Type.Array(Type.Object({ line: StatementLineSchema, candidates: Type.Array(MovementRecordSchema) }, strict)),
        unmatched_records: Type.Array(MovementRecordSchema),
        unmatched_lines: Type.Array(StatementLineSchema),
        reconciled: Type.Array(pair),
        other_lines: Type.Array(StatementLineSchema, { description: 'Charges, failed, reversed lines and reversals: never matched' }),
      },
      strict,
    ),
  },
  strict,
);
export type Reconciliation = Static<typeof ReconciliationAnswer>['data'];

export const StatementListAnswer = Type.Object(
  {
    statements: Type.Array(StatementSummarySchema),
    accounts: Type.Array(Type.Object({ account: Type.String(), columns: BankColumnsSchema }, strict), {
      description: 'Bank accounts and their remembered columns',
    }),
  },
  strict,
);
export type StatementList = Static<typeof StatementListAnswer>;

export const ConfirmMatchBody = Type.Object(
  {
    line_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    record_kind: literals(['payout', 'settlement'] as const),
    record_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  },
  strict,
);
export type ConfirmMatchInput = Static<typeof ConfirmMatchBody>;

export const ConfirmMatchAnswer = Type.Object(
  { data: Type.Object({ line: StatementLineSchema, record: MovementRecordSchema, reconciled_at: time() }, strict) },
  strict,
);
