import { isValidEmail } from './auth';
import type { RowError } from '../errors';
import { PHONE_EXAMPLE, normalizePhone, readPhone } from '../text/phone';
import { isSystemRole } from './roles';
import { FULLNAME_MAX_LENGTH, POSITIONS, isDepartment, isPosition } from './user-rules';

/** The values of a user that a person types or uploads (docs/screens.md "Users", docs/contracts.md §Calls POST users). */
export interface UserInput {
  fullname: string;
  department: string;
  phone_number: string;
  email: string;
  role: string;
  system_role: string;
}

export type UserField = keyof UserInput;

/**
 * Names and e-mails are trimmed (docs/product-rules.md §Validation), e-mails compared lower-case;
 * a valid mobile number becomes E.164 (+255712345678), any other phone is only trimmed, to be refused.
 */
export function normalizeUserInput<T extends { fullname?: string; phone_number?: string; email?: string }>(input: T): T {
  return {
    ...input,
    ...(input.fullname !== undefined && { fullname: input.fullname.trim().replace(/\s+/g, ' ') }),
    ...(input.phone_number !== undefined && { phone_number: normalizePhone(input.phone_number) }),
    ...(input.email !== undefined && { email: input.email.trim().toLowerCase() }),
  };
}

/** Long uploaded values are cut in messages so one bad cell cannot flood the screen. */
const shown = (value: string) => (value.length > 60 ? `${value.slice(0, 57)}...` : value);

/**
 * What is wrong with one value, already normalised (normalizeUserInput); null when it is fine.
 * Messages are lower-case fragments so they read after 'Row 3: '; `capitalize` for a sentence.
 */
export function userFieldProblem(field: UserField, value: string): string | null {
  switch (field) {
    case 'fullname':
      if (!value) return 'full name is required';
      // U+FFFD stands for bytes a file's encoding could not show: saving it would keep the damage
      if (value.includes('\uFFFD')) return `full name ${shown(value)} has a character that could not be read: type the name again`;
      return value.length > FULLNAME_MAX_LENGTH ? `full name must be at most ${FULLNAME_MAX_LENGTH} characters` : null;
    case 'department':
      if (!value) return 'department is required';
      return isDepartment(value) ? null : `department "${shown(value)}" is not one of the departments`;
    case 'phone_number':
      return phoneProblem(value);
    case 'email':
      if (!value) return 'e-mail is required';
      return isValidEmail(value) ? null : `e-mail ${shown(value)} is not a valid address`;
    case 'role':
      if (!value) return 'position is required';
      return isPosition(value) ? null : `position "${shown(value)}" is not one of ${POSITIONS.join(', ')}`;
    case 'system_role':
      if (!value) return 'system role is required';
      return isSystemRole(value) ? null : `system role "${shown(value)}" is not one of the system roles`;
  }
}

/** docs/product-rules.md §Phone numbers: what is wrong with a number, in words that say how to put it right. */
function phoneProblem(value: string): string | null {
  const reading = readPhone(value);
  if ('e164' in reading) return null;
  switch (reading.problem) {
    case 'required':
      return 'phone number is required';
    case 'spreadsheet':
      return `phone number ${shown(value)} was damaged by a spreadsheet (saved as a number, its last digits are lost): type the full number`;
    case 'invalid':
      return `phone number ${shown(value)} is not a valid mobile number (e.g. ${PHONE_EXAMPLE})`;
  }
}

export const USER_FIELDS: readonly UserField[] = ['fullname', 'department', 'phone_number', 'email', 'role', 'system_role'];

export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const emailInUse = (email: string) => `e-mail ${shown(email)} is already in use`;

/**
 * Every problem of a batch of new users (the CSV preview and POST users), rows numbered from 1
 * as uploaded: each bad value, and each e-mail that an earlier row already uses. Whether an
 * e-mail is taken in the organisation only the server knows (emailInUse).
 */
export function newUsersProblems(rows: readonly UserInput[]): RowError[] {
  const problems: RowError[] = [];
  const firstRowOf = new Map<string, number>();
  rows.forEach((raw, index) => {
    const row = index + 1;
    const input = normalizeUserInput(raw);
    for (const field of USER_FIELDS) {
      const message = userFieldProblem(field, input[field]);
      if (message) problems.push({ row, field, message });
    }
    if (!input.email) return;
    const first = firstRowOf.get(input.email);
    if (first === undefined) firstRowOf.set(input.email, row);
    else problems.push({ row, field: 'email', message: `e-mail ${shown(input.email)} is also in row ${first}` });
  });
  return problems;
}

/** One line for a list of row problems: the first, and how many more there are. */
export function summarizeRowProblems(problems: readonly RowError[]): string {
  const [first] = problems;
  if (!first) return '';
  const more = problems.length - 1;
  return `Row ${first.row}: ${first.message}${more > 0 ? ` (and ${more} more problem${more === 1 ? '' : 's'})` : ''}`;
}
