import { BUDGET_LOCKED } from '@imprest/domain';

/** Texts of the budget section. Where the specification gives a text it is used word for word, spelling included. */
export const TEXT = {
  type: 'budget codes',
  status: { active: 'Active', archived: 'Archived' },
  allDepartments: 'All departments',
  notAllowed: 'Only finance officers, executive secretaries and directors can add or edit budget codes.',
  notFound: "Error! Couldn't find the budget code.",
  deleted: (code: number | string) => `The budget code ${code} has been deleted.`,
  backToList: 'Back to Budget Codes',
  loading: 'Loading the budget code',
  utilisation: {
    label: 'Used share of the amount',
    short: (percent: number) => `${percent}% used`,
    /** Spent: retired; committed: requested and not yet retired (docs/product-rules.md §Money). */
    long: (used: { spent: string | null; committed: string | null }, amount: string, percent: number) =>
      `${[used.spent && `${used.spent} spent`, used.committed && `${used.committed} committed`].filter(Boolean).join(' and ')} of ${amount} (${percent}%)`,
  },
  list: {
    search: 'Search budget codes',
    departmentFilter: 'Department',
    scope: (department: string) => `Budget codes available to ${department}`,
    columns: { name: 'NAME', code: 'CODE', amount: 'AMOUNT', department: 'DEPARTMENT', status: 'STATUS', action: '' },
    view: 'View',
    viewBudget: (code: number, name: string) => `View ${code} ${name}`,
  },
  detail: {
    budgetAmount: 'Budget Amount',
    remainingBalance: 'Remaining Balance',
    expense: 'Expense',
    branch: 'Branch',
    department: 'Department',
    description: 'Description',
    codeLine: (code: number) => `Budget code ${code}`,
    download: 'Download Requests',
    edit: 'Edit Budget',
    warningTitle: 'Before you change this budget code',
    warning:
      'Once requests have been made against a budget code it can no longer be deleted, and edits may only increase the amount or change details that do not affect funding, such as the name, department and description. The amount can never be lowered below what requests have already spent or committed.',
    requests: 'Budget Requests',
    requestsType: 'requests',
    requestColumns: { name: 'NAME', purpose: 'PURPOSE', date: 'EXPENDITURE DATE', amount: 'AMOUNT', status: 'STATUS' },
  },
  form: {
    fields: {
      name: 'Name',
      amount: 'Amount',
      department: 'Department',
      currency: 'Currency',
      categories: 'Expense Category',
      branch: 'Branch',
      description: 'Description',
      code: 'Cost Code',
    },
    currencies: { tzs: 'TZS – Tanzanian Shilling', usd: 'USD – US Dollar', gbp: 'GBP – British Pound', chf: 'CHF – Swiss Franc' },
    liveCode: (code: string) => `Budget code: ${code}`,
    codeWarning:
      'The cost code only accepts numbers between 1 and 99. The final budget code is automatically calculated depending on the expense category and branch.',
    editTitle: 'Edit Budget',
    locked: BUDGET_LOCKED,
    saveHint: 'Save becomes available once every field marked * is filled in correctly.',
    cancel: 'Cancel',
    save: 'Save',
    goBack: 'Go Back',
    added: 'Budget Added Successful!',
    addedSubtitle: 'You have succesfully added a budget code.',
    addFailed: (error: string) => `Error! Failed to add budget ${error}`,
    edited: 'Budget Edited Successful!',
    editedSubtitle: 'You have succesfully edited the budget code.',
    archive: 'Archive',
    reactivate: 'Re-activate',
    archived: 'The budget code is archived: new requests can no longer use it.',
    reactivated: 'The budget code is active again: new requests can use it.',
    noRate: (currency: string) =>
      `No exchange rate is set for ${currency} yet: requests cannot use this budget code until a director sets one under Approval Matrix.`,
    statusHelp: 'An archived budget code stays in the list with its requests but cannot be chosen for new requests.',
    archiveTitle: 'Archive budget code',
    archiveQuestion: (code: number) =>
      `Are you sure you want to archive the budget ${code}? New requests will no longer be able to use it.`,
    reactivateTitle: 'Re-activate budget code',
    reactivateQuestion: (code: number) =>
      `Are you sure you want to re-activate the budget ${code}? New requests will be able to use it again.`,
    delete: 'Delete',
    deleteTitle: 'Delete budget code',
    deleteQuestion: (code: number) => `Are you sure you want to delete the budget ${code} from the system?`,
  },
} as const;
