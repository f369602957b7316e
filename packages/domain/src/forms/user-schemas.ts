import { object, string } from 'yup';
import { DIRECTOR_ONLY, grantsPrivilege } from '../users/user-rules';
import { capitalize, normalizeUserInput, userFieldProblem, type UserField } from '../users/user-validation';

/** The value as the server will see it: names, phones and e-mails trimmed (docs/product-rules.md §Validation "Users"). */
function normalized(field: UserField, value: string | undefined): string {
  const input = normalizeUserInput({ [field]: value ?? '' } as Partial<Record<UserField, string>>);
  return input[field] ?? '';
}

/**
 * One field checked by the rule the server applies (userFieldProblem), worded as a sentence. The
 * server does not check a value again that an update leaves as stored, so neither does the form:
 * a record saved under an older rule can still be edited (`stored`).
 */
function userField(field: UserField, stored?: string) {
  return string()
    .default('')
    .test(field, '', function check(value) {
      if (stored !== undefined && normalized(field, value) === normalized(field, stored)) return true;
      const problem = userFieldProblem(field, normalized(field, value));
      return problem ? this.createError({ message: capitalize(problem) }) : true;
    });
}

export interface UserFormOptions {
  /** Whether the director position and system roles other than staff may be given (canChooseDirectorPosition). */
  allowDirector: boolean;
  /** The user as stored, when the form edits one. */
  stored?: Partial<Record<UserField, string>>;
}

/** The single-user form (add and edit): the six fields of docs/screens.md "Users". */
export function userFormSchema({ allowDirector, stored = {} }: UserFormOptions) {
  const allowed = (field: 'role' | 'system_role') => (value: string | undefined) => allowDirector || !grantsPrivilege(field, value);
  return object({
    fullname: userField('fullname', stored.fullname),
    department: userField('department', stored.department),
    role: userField('role', stored.role).test('director', capitalize(DIRECTOR_ONLY), allowed('role')),
    phone_number: userField('phone_number', stored.phone_number),
    email: userField('email', stored.email),
    system_role: userField('system_role', stored.system_role).test('director', capitalize(DIRECTOR_ONLY), allowed('system_role')),
  });
}
