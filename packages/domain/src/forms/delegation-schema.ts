import { object, string } from 'yup';
import { dateTextProblem } from '../dates/date-text';
import { isCalendarDate } from '../dates/dates';
import { DELEGATION_NOTE_MAX } from '../organization/limits';

/** What the delegation form holds: the colleague's id as the select gives it, the days as typed. */
export interface DelegationFormValues {
  delegate_id: string;
  starts_on: string;
  ends_on: string;
  note: string;
}

/** One sentence for whatever is left empty, shown once above the button rather than under each box. */
export const DELEGATION_MISSING = 'Choose a colleague and both days';

/**
 * The delegation form: all three chosen, the first day not before `today` (the organisation's
 * calendar day, which the server judges by) and the last not before the first — the words of
 * dateTextProblem, as the date boxes say them.
 */
export function delegationSchema(today: string) {
  // formik hands yup an emptied field as undefined
  const day = (min: (values: Partial<DelegationFormValues>) => string | undefined) =>
    string()
      .required(DELEGATION_MISSING)
      .test('day', '', function check(value) {
        const problem = dateTextProblem(value ?? '', { min: min(this.parent) });
        return problem ? this.createError({ message: problem }) : true;
      });
  return object({
    delegate_id: string().required(DELEGATION_MISSING),
    starts_on: day(() => today),
    ends_on: day((values) => (isCalendarDate(values.starts_on) ? values.starts_on : undefined)),
    note: string().max(DELEGATION_NOTE_MAX),
  });
}
