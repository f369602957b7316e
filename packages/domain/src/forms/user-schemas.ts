import { object, string } from 'yup';
import { normalizeUserInput } from '../user-rules';
import { DIRECTOR_ONLY, capitalize, grantsPrivilege, userFieldProblem, type UserField } from '../user-validation';

/** The value as the server will see it: names, phones and e-mails trimmed (docs/product-rules.md §Validation "Users"). */
function normalized(field: UserField, value: string | undefined): string {
  const input = normalizeUserInput({ [field]: value ?? '' } as Partial<Record<UserField, string>>);
  return input[field] ?? '';
}

/** One field checked by the rule the server applies (userFieldProblem), worded as a sentence. */
function userField(field: UserField) {
  return string()
    .default('')
    .test(field, '', function check(value) {
      const problem = userFieldProblem(field, normalized(field, value));
      return problem ? this.createError({ message: capitalize(problem) }) : true;
    });
}

export interface UserFormOptions {
  /** Whether the director position and system roles other than staff may be given (canChooseDirectorPosition). */
  allowDirector: boolean;
}

/** The single-user form (add and edit): the six fields of docs/screens.md "Users". */
export function userFormSchema({ allowDirector }: UserFormOptions) {
  const allowed = (field: 'role' | 'system_role') => (value: string | undefined) => allowDirector || !grantsPrivilege(field, value);
  return object({
    fullname: userField('fullname'),
    department: userField('department'),
    role: userField('role').test('director', capitalize(DIRECTOR_ONLY), allowed('role')),
    phone_number: userField('phone_number'),
    email: userField('email'),
    system_role: userField('system_role').test('director', capitalize(DIRECTOR_ONLY), allowed('system_role')),
  });
}
