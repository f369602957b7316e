import {
  approvalMatrixProblems,
  digitsOnly,
  withThousands,
  type ApprovalBand,
  type ApprovalMatrix,
  type BandField,
  type SystemRole,
} from '@imprest/domain';

/** One band as the form holds it: amounts as typed (with separators), reviewers as three selects. */
export interface BandDraft {
  start_value: string;
  end_value: string;
  description: string;
  user_role: string;
  firstReviewer: string;
  secondReviewer: string;
  thirdReviewer: string;
  cascading_notification: boolean;
}
export type DraftField = keyof BandDraft;
export const REVIEWER_FIELDS = ['firstReviewer', 'secondReviewer', 'thirdReviewer'] as const;

export interface MatrixFormValues {
  bands: BandDraft[];
}

/** Per band, the message of each field; `matrix` for the list as a whole. */
export interface MatrixFormErrors {
  bands?: Array<Partial<Record<DraftField, string>>>;
  matrix?: string;
}

/** docs/product-rules.md §Validation: approval matrix amounts keep digits only (whole TZS), shown with thousands separators. */
export const matrixAmountText = (text: string) => withThousands(digitsOnly(text));
const amountText = (value: number | null) => (value === null ? '' : matrixAmountText(String(Math.trunc(value))));
/** Stripped to digits before sending (docs/product-rules.md §Validation); a blank amount is NaN, which the rules refuse. */
const amountOf = (text: string) => (digitsOnly(text) === '' ? Number.NaN : Number(digitsOnly(text)));

function draftOf(band: ApprovalBand): BandDraft {
  const [firstReviewer = '', secondReviewer = '', thirdReviewer = ''] = band.reviewers;
  return {
    start_value: amountText(band.start_value),
    end_value: amountText(band.end_value),
    description: band.description,
    user_role: band.user_role,
    firstReviewer,
    secondReviewer,
    thirdReviewer,
    cascading_notification: band.cascading_notification,
  };
}

/** The bands to send: every chosen reviewer, in the order chosen; the last band has no end. */
export function bandsOf(drafts: readonly BandDraft[]): ApprovalBand[] {
  return drafts.map((draft, index) => ({
    start_value: amountOf(draft.start_value),
    end_value: index === drafts.length - 1 ? null : amountOf(draft.end_value),
    description: draft.description,
    user_role: draft.user_role,
    reviewers: REVIEWER_FIELDS.map((field) => draft[field]).filter(Boolean) as SystemRole[],
    cascading_notification: draft.cascading_notification,
  }));
}

/** The select a reviewer problem belongs on: the repeated choice, else the first. */
function reviewerField(draft: BandDraft): DraftField {
  const chosen = REVIEWER_FIELDS.map((field) => draft[field]);
  const repeat = chosen.findIndex((role, i) => role !== '' && chosen.indexOf(role) !== i);
  return repeat === -1 ? 'firstReviewer' : REVIEWER_FIELDS[repeat];
}

const FIELD_OF: Record<Exclude<BandField, 'reviewers'>, DraftField> = {
  start_value: 'start_value',
  end_value: 'end_value',
  description: 'description',
  user_role: 'user_role',
  cascading_notification: 'cascading_notification',
};

/** The same rules as the server (approvalMatrixProblems), placed on the fields they concern. */
export function validateMatrix({ bands: drafts }: MatrixFormValues): MatrixFormErrors {
  const problems = approvalMatrixProblems(bandsOf(drafts));
  if (problems.length === 0) return {};
  const errors: MatrixFormErrors = { bands: drafts.map(() => ({})) };
  for (const { band, field, message } of problems) {
    if (band === null || field === null) {
      errors.matrix ??= message;
      continue;
    }
    const target = field === 'reviewers' ? reviewerField(drafts[band]) : FIELD_OF[field];
    errors.bands![band][target] ??= message;
  }
  return errors;
}

const EMPTY_BAND: BandDraft = {
  start_value: '',
  end_value: '',
  description: '',
  user_role: '',
  firstReviewer: '',
  secondReviewer: '',
  thirdReviewer: '',
  cascading_notification: false,
};

/** A new, empty last band; its start follows the end the previous band now needs, as that is typed (withEnd). */
export function withBandAdded(drafts: readonly BandDraft[]): BandDraft[] {
  return [...drafts, { ...EMPTY_BAND }];
}

/** Without band `index`; the next band takes over its start, so no gap opens; a new last band has no end. */
export function withBandRemoved(drafts: readonly BandDraft[], index: number): BandDraft[] {
  const next = drafts.filter((_, i) => i !== index);
  if (index < next.length) next[index] = { ...next[index], start_value: drafts[index].start_value };
  if (next.length) next[next.length - 1] = { ...next[next.length - 1], end_value: '' };
  return next;
}

/** A band's end typed in: the next band's start follows it while the two were equal (ends meet starts). */
export function withEnd(drafts: readonly BandDraft[], index: number, text: string): BandDraft[] {
  const value = matrixAmountText(text);
  const next = drafts.map((draft) => ({ ...draft }));
  if (next[index + 1] && next[index + 1].start_value === next[index].end_value) next[index + 1].start_value = value;
  next[index].end_value = value;
  return next;
}

export const draftsOf = (matrix: ApprovalMatrix): BandDraft[] => matrix.map(draftOf);
