import { ValidationError } from 'yup';
import { userFormSchema } from '../forms';

const valid = {
  fullname: 'Asha Mushi',
  department: 'finance',
  role: 'staff',
  phone_number: '0712345678',
  email: 'asha@example.org',
  system_role: 'staff',
};

function errorsOf(values: Record<string, string>, allowDirector = false): Record<string, string> {
  try {
    userFormSchema({ allowDirector }).validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    return Object.fromEntries((error as ValidationError).inner.map((e) => [e.path, e.message]));
  }
}

describe('userFormSchema', () => {
  it('accepts a complete user, judging names and e-mails as trimmed', () => {
    expect(errorsOf(valid)).toEqual({});
    expect(errorsOf({ ...valid, fullname: '  Asha  ', email: ' ASHA@example.org ' })).toEqual({});
  });

  it('names every missing or malformed field in a sentence', () => {
    expect(errorsOf({ fullname: ' ', department: '', role: '', phone_number: '12', email: 'asha@', system_role: '' })).toEqual({
      fullname: 'Full name is required',
      department: 'Department is required',
      role: 'Position is required',
      phone_number: 'Phone number 12 is not a valid mobile number (e.g. 0712 345 678)',
      email: 'E-mail asha@ is not a valid address',
      system_role: 'System role is required',
    });
  });

  it('lets only directors give the director position or a system role other than staff', () => {
    const director = { ...valid, role: 'director', system_role: 'director' };
    const message = 'Only directors may give the director position or a system role other than staff';
    expect(errorsOf(director, true)).toEqual({});
    expect(errorsOf(director)).toEqual({ role: message, system_role: message });
    expect(errorsOf({ ...valid, system_role: 'finance_officer' })).toEqual({ system_role: message });
    expect(errorsOf({ ...valid, system_role: 'finance_officer' }, true)).toEqual({});
  });

  it('lets a value stay as stored under an older rule, and checks it once it is changed', () => {
    const stored = { ...valid, phone_number: '12345678' };
    expect(userFormSchema({ allowDirector: false, stored }).isValidSync(stored)).toBe(true);
    expect(userFormSchema({ allowDirector: false, stored }).isValidSync({ ...stored, phone_number: '1234567' })).toBe(false);
    expect(errorsOf({ ...valid, phone_number: '2.55712E+11' })).toEqual({
      phone_number:
        'Phone number 2.55712E+11 was damaged by a spreadsheet (saved as a number, its last digits are lost): type the full number',
    });
  });
});
