import { grantsPrivilege } from '../users/user-rules';
import { newUsersProblems, summarizeRowProblems, userFieldProblem, type UserInput } from '../users/user-validation';

const valid: UserInput = {
  fullname: 'Asha Mushi',
  department: 'finance',
  phone_number: '0712345678',
  email: 'asha@example.org',
  role: 'staff',
  system_role: 'staff',
};

describe('user validation', () => {
  it('accepts a well-formed user, after trimming', () => {
    expect(newUsersProblems([valid])).toEqual([]);
    expect(newUsersProblems([{ ...valid, fullname: '  Asha  Mushi ', email: ' ASHA@example.org ', phone_number: ' 0712345678 ' }])).toEqual(
      [],
    );
  });

  it('names every bad value of every row, rows counted from 1', () => {
    const problems = newUsersProblems([
      valid,
      { ...valid, email: 'b@example.org', fullname: '   ', department: 'all', phone_number: '07123abc' },
      { ...valid, email: 'not-an-address', role: 'king', system_role: 'emperor' },
    ]);
    expect(problems).toEqual([
      { row: 2, field: 'fullname', message: 'full name is required' },
      { row: 2, field: 'department', message: 'department "all" is not one of the departments' },
      { row: 2, field: 'phone_number', message: 'phone number 07123abc is not a valid mobile number (e.g. 0712 345 678)' },
      { row: 3, field: 'email', message: 'e-mail not-an-address is not a valid address' },
      { row: 3, field: 'role', message: 'position "king" is not one of staff, admin, director' },
      { row: 3, field: 'system_role', message: 'system role "emperor" is not one of the system roles' },
    ]);
    expect(summarizeRowProblems(problems)).toBe('Row 2: full name is required (and 5 more problems)');
    expect(summarizeRowProblems(problems.slice(0, 1))).toBe('Row 2: full name is required');
  });

  it('flags an e-mail used by an earlier row, compared trimmed and lower-case', () => {
    const problems = newUsersProblems([valid, { ...valid, email: 'other@example.org' }, { ...valid, email: ' Asha@Example.org' }]);
    expect(problems).toEqual([{ row: 3, field: 'email', message: 'e-mail asha@example.org is also in row 1' }]);
  });

  it('caps names and shortens long values in messages', () => {
    expect(userFieldProblem('fullname', 'x'.repeat(121))).toBe('full name must be at most 120 characters');
    expect(userFieldProblem('fullname', 'x'.repeat(120))).toBeNull();
    expect(userFieldProblem('department', 'y'.repeat(5000))).toBe(`department "${'y'.repeat(57)}..." is not one of the departments`);
    expect(userFieldProblem('phone_number', '')).toBe('phone number is required');
  });

  it('knows when values give someone the director position or system role', () => {
    expect(grantsPrivilege('role', 'director')).toBe(true);
    expect(grantsPrivilege('role', 'admin')).toBe(false);
    expect(grantsPrivilege('system_role', 'director')).toBe(true);
    expect(grantsPrivilege('system_role', 'finance_officer')).toBe(true);
    expect(grantsPrivilege('system_role', 'staff')).toBe(false);
    expect(grantsPrivilege('system_role', undefined)).toBe(false);
  });
});
