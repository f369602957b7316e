import { normalizePhone, phoneDisplay, phoneInputText, readPhone } from '../text/phone';
import { newUsersProblems, userFieldProblem } from '../users/user-validation';

describe('readPhone', () => {
  it('reads every way a Tanzanian mobile number is written as the same E.164 number', () => {
    for (const text of ['0712345678', '0712 345 678', '0712-345-678', '(0712) 345678', '+255712345678', '+255 712 345 678', '255712345678'])
      expect(readPhone(text)).toEqual({ e164: '+255712345678' });
    expect(readPhone('0621234567')).toEqual({ e164: '+255621234567' });
  });

  it('restores the leading zero a spreadsheet dropped: nine digits are the national number itself', () => {
    expect(readPhone('712345678')).toEqual({ e164: '+255712345678' });
    expect(normalizePhone(' 712345678 ')).toBe('+255712345678');
  });

  it('accepts a mobile number of another country written with + and its calling code', () => {
    expect(readPhone('+254 712 345678')).toEqual({ e164: '+254712345678' });
  });

  it('flags a number a spreadsheet wrote in scientific notation, whatever its separator', () => {
    for (const text of ['2.55712E+11', '2,55712E+11', '7.12346e+08', ' 2.55712E11 ', '2.55712 E+11'])
      expect(readPhone(text)).toEqual({ problem: 'spreadsheet' });
  });

  it('refuses landlines, the digits left of a damaged number, short numbers and stray characters', () => {
    for (const text of ['0222123456', '25571211', '12345678', '07123456789', '0712345678x', 'tel 0712345678', '++255712345678'])
      expect(readPhone(text)).toEqual({ problem: 'invalid' });
    expect(readPhone('  ')).toEqual({ problem: 'required' });
  });
});

describe('phone messages', () => {
  it('says what went wrong and how to put it right', () => {
    expect(userFieldProblem('phone_number', '2.55712E+11')).toBe(
      'phone number 2.55712E+11 was damaged by a spreadsheet (saved as a number, its last digits are lost): type the full number',
    );
    expect(userFieldProblem('phone_number', '25571211')).toBe('phone number 25571211 is not a valid mobile number (e.g. 0712 345 678)');
    expect(userFieldProblem('phone_number', '')).toBe('phone number is required');
    expect(userFieldProblem('phone_number', '+255712345678')).toBeNull();
  });

  it('names the row of a bad number in an upload, and lets a repaired one through', () => {
    const row = { fullname: 'Asha Mushi', department: 'finance', email: 'a@example.org', role: 'staff', system_role: 'staff' };
    expect(
      newUsersProblems([
        { ...row, phone_number: '712345678' },
        { ...row, email: 'b@example.org', phone_number: '2.55712E+11' },
      ]),
    ).toEqual([
      {
        row: 2,
        field: 'phone_number',
        message:
          'phone number 2.55712E+11 was damaged by a spreadsheet (saved as a number, its last digits are lost): type the full number',
      },
    ]);
  });
});

describe('phone input and display', () => {
  it('keeps digits, and a + only at the start', () => {
    expect(phoneInputText('+255 712-345 678')).toBe('+255712345678');
    expect(phoneInputText('0712+345')).toBe('0712345');
    // not 25571211, which would pass for a short number: the damage stays visible
    expect(phoneInputText('2.55712E+11')).toBe('2.55712E+11');
  });

  it('shows a valid stored number, E.164 or as stored before, in the international form; any other as stored', () => {
    expect(phoneDisplay('+255712345678')).toBe('+255 712 345 678');
    expect(phoneDisplay('0712345678')).toBe('+255 712 345 678');
    expect(phoneDisplay('12345678')).toBe('12345678');
  });
});
