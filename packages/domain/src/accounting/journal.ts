/**
 * The double-entry journal of the money the app recorded (docs/product-rules.md §Journals): each
 * payout, approved retirement and settlement becomes one entry of two lines between Staff advances
 * and the account the money moved through or was spent on. Finance maps those accounts once; a
 * journal with an account left unmapped, or whose debits and credits differ, cannot be downloaded.
 * Amounts in minor units of the record's currency; one journal per currency.
 */
import { EXPENSE_CATEGORIES, EXPENSE_CATEGORY_LABELS, type ExpenseCategory } from '../budget/budget';
import { MOBILE_NETWORKS, mobileNetworkLabel, movementMethodLabel, type MobileNetwork, type MovementMethod } from '../money/money-movement';
import { PAYMENT_MODES } from '../organization/options';

const STAFF_ADVANCES = 'staff_advances';

/** Every account finance maps: Staff advances, each expense category, each non-mobile method, each network. */
export const JOURNAL_ACCOUNT_KEYS = [
  STAFF_ADVANCES,
  ...Object.keys(EXPENSE_CATEGORIES).map((c) => `category:${c}`),
  ...PAYMENT_MODES.map((m) => `method:${m}`),
  ...MOBILE_NETWORKS.map((n) => `network:${n}`),
] as const;
export type JournalAccountKey = string;

/**
 * An account code as a ledger takes it: Xero's code (up to 10 characters) or QuickBooks' account
 * name ("Parent:Sub"), so letters, digits, spaces and . : & ( ) / - _ up to 100; never a comma or
 * quote, which would break the CSV a bookkeeper opens.
 */
export const ACCOUNT_CODE_MAX = 100;
export const ACCOUNT_CODE_PATTERN = '^[A-Za-z0-9][A-Za-z0-9 .:&()/_-]{0,99}$';

export const JOURNAL_MESSAGES = {
  codeInvalid: 'An account code is 1 to 100 letters, digits, spaces and . : & ( ) / - _, starting with a letter or digit',
  unknownAccount: (key: string) => `There is no account ${key} to map`,
  unmapped: (labels: string[]) => `Map these accounts before downloading: ${labels.join(', ')}`,
  unbalanced: (currency: string) => `The ${currency.toUpperCase()} journal does not balance: debits and credits differ`,
  empty: (currency: string) => `Nothing in ${currency.toUpperCase()} was recorded in this period`,
  alreadyExported: (when: string, who: string) =>
    `This period was already exported on ${when} by ${who}: export again to download it once more`,
} as const;

function isJournalAccountKey(key: string): boolean {
  return (JOURNAL_ACCOUNT_KEYS as readonly string[]).includes(key);
}

export function accountCodeProblem(code: string): string | null {
  return new RegExp(ACCOUNT_CODE_PATTERN).test(code) ? null : JOURNAL_MESSAGES.codeInvalid;
}

/** "Staff advances", "Expense: Operating Cost", "Bank transfer", "M-Pesa". */
export function journalAccountLabel(key: JournalAccountKey): string {
  if (key === STAFF_ADVANCES) return 'Staff advances';
  const [kind, value] = key.split(':') as [string, string];
  if (kind === 'category') return `Expense: ${EXPENSE_CATEGORY_LABELS[value as ExpenseCategory] ?? value}`;
  if (kind === 'network') return mobileNetworkLabel(value as MobileNetwork);
  return movementMethodLabel(value as MovementMethod);
}

/** The account money moved through: the network's for mobile money, else the method's. */
export function movementAccount(method: MovementMethod, network: MobileNetwork | null): JournalAccountKey {
  return method === 'mobile_money' && network ? `network:${network}` : `method:${method}`;
}

export const JOURNAL_SOURCES = ['payout', 'retirement', 'return', 'reimbursement'] as const;
export type JournalSource = (typeof JOURNAL_SOURCES)[number];

/** One recorded movement of money, as the server reads it. */
export interface JournalMovement {
  source: JournalSource;
  /** The payout's, retirement's or settlement's id: with the source it names the entry. */
  id: number;
  /** Calendar day on the organisation's calendar. */
  date: string;
  amount: number;
  currency: string;
  /** TZS cents per unit of the currency, for other currencies; null for TZS. */
  rate: number | null;
  approvalNumber: string;
  owner: string;
  /** The money's account: the payout's or settlement's method; the expense category for a retirement. */
  account: JournalAccountKey;
  /** The budget code's branch label, carried to Xero's tracking. */
  branch: string;
}

export interface JournalLine {
  account: JournalAccountKey;
  /** The mapped code, null while unmapped. */
  code: string | null;
  debit: number;
  credit: number;
}

export interface JournalEntry {
  source: JournalSource;
  id: number;
  date: string;
  /** Unique within a journal: Xero groups lines into one journal by narration and date. */
  narration: string;
  description: string;
  branch: string;
  rate: number | null;
  lines: [JournalLine, JournalLine];
}

export interface Journal {
  currency: string;
  entries: JournalEntry[];
  debit: number;
  credit: number;
  balanced: boolean;
  /** Labels of accounts the entries use and finance has not mapped. */
  unmapped: string[];
}

const NARRATION: Record<JournalSource, string> = {
  payout: 'Advance paid',
  retirement: 'Advance retired',
  return: 'Unspent advance returned',
  reimbursement: 'Excess reimbursed',
};

/** Which account is debited and which credited for each kind of movement. */
function sides(m: JournalMovement): [JournalAccountKey, JournalAccountKey] {
  if (m.source === 'retirement' || m.source === 'return') return [m.account, STAFF_ADVANCES];
  return [STAFF_ADVANCES, m.account];
}

function journalEntry(m: JournalMovement, codes: Readonly<Record<string, string>>): JournalEntry {
  const [debit, credit] = sides(m);
  const line = (account: JournalAccountKey, dr: number, cr: number): JournalLine => ({
    account,
    code: codes[account] ?? null,
    debit: dr,
    credit: cr,
  });
  return {
    source: m.source,
    id: m.id,
    date: m.date,
    narration: `${NARRATION[m.source]} ${m.approvalNumber} #${m.id}`,
    description: `${NARRATION[m.source]}: ${m.approvalNumber}, ${m.owner}`,
    branch: m.branch,
    rate: m.rate,
    lines: [line(debit, m.amount, 0), line(credit, 0, m.amount)],
  };
}

/** The period's journals, one per currency (TZS first), entries by day then source. */
export function buildJournals(movements: readonly JournalMovement[], codes: Readonly<Record<string, string>>): Journal[] {
  const byCurrency = new Map<string, JournalEntry[]>();
  const sorted = [...movements].sort(
    (a, b) => a.date.localeCompare(b.date) || JOURNAL_SOURCES.indexOf(a.source) - JOURNAL_SOURCES.indexOf(b.source) || a.id - b.id,
  );
  for (const m of sorted) byCurrency.set(m.currency, [...(byCurrency.get(m.currency) ?? []), journalEntry(m, codes)]);
  const currencies = [...byCurrency.keys()].sort((a, b) => (a === 'tzs' ? -1 : b === 'tzs' ? 1 : a.localeCompare(b)));
  return currencies.map((currency) => {
    const entries = byCurrency.get(currency)!;
    const lines = entries.flatMap((e) => e.lines);
    const debit = lines.reduce((sum, l) => sum + l.debit, 0);
    const credit = lines.reduce((sum, l) => sum + l.credit, 0);
    // in the mapping form's order, so the sentence reads as the form does
    const missing = new Set(lines.filter((l) => l.code === null).map((l) => l.account));
    const keys = [...JOURNAL_ACCOUNT_KEYS.filter((key) => missing.has(key)), ...[...missing].filter((key) => !isJournalAccountKey(key))];
    const unmapped = keys.map(journalAccountLabel);
    return { currency, entries, debit, credit, balanced: debit === credit, unmapped };
  });
}

/** Why this journal cannot be downloaded, or null: unmapped accounts named, then any imbalance. */
export function journalProblem(journal: Journal): string | null {
  if (journal.entries.length === 0) return JOURNAL_MESSAGES.empty(journal.currency);
  if (journal.unmapped.length) return JOURNAL_MESSAGES.unmapped(journal.unmapped);
  if (!journal.balanced) return JOURNAL_MESSAGES.unbalanced(journal.currency);
  return null;
}
