import { cleanNumberInput, digitsOnly, formatAmount, formatDate, formatDateTime, withThousands } from '../text/format';
import { parseUserSettings, serializeUserSettings } from '../users/user';
import { isValidEmail } from '../users/auth';
import { newPasswordSchema } from '../forms';

describe('amounts shown', () => {
  it('drops decimals of whole amounts and shows both digits of cents', () => {
    expect(formatAmount(1_500_000, 'tzs')).toBe('TZS 1,500,000');
    expect(formatAmount(1_234_567.5, 'usd')).toBe('USD 1,234,567.50');
    expect(formatAmount(0.05)).toBe('0.05');
    expect(formatAmount(99.999)).toBe('100');
  });
});

describe('number inputs', () => {
  it('keeps digits and one decimal point', () => {
    expect(cleanNumberInput('1a2,3.4.5')).toBe('123.45');
  });
  it('groups thousands and keeps a typed fraction', () => {
    expect(withThousands('1500000')).toBe('1,500,000');
    expect(withThousands('1,234.5')).toBe('1,234.5');
    expect(withThousands('0012')).toBe('12');
    expect(withThousands('')).toBe('');
  });
  it('keeps digits only in phone numbers', () => {
    expect(digitsOnly('+255 (712) 345-678')).toBe('255712345678');
  });
});

describe('dates', () => {
  it('shows en-GB dates', () => {
    expect(formatDate('2026-11-05T10:00:00Z')).toBe('05/11/2026');
    expect(formatDate(null)).toBe('N/A');
    expect(formatDate('not a date')).toBe('N/A');
    expect(formatDateTime('2026-11-05T14:07:00')).toBe('05/11/2026 14:07');
  });
});

describe('user settings', () => {
  it('reads mute_notification and falls back to unmuted', () => {
    expect(parseUserSettings('{"mute_notification":true}')).toEqual({ mute_notification: true });
    expect(parseUserSettings('garbage')).toEqual({ mute_notification: false });
    expect(parseUserSettings(serializeUserSettings({ mute_notification: false }))).toEqual({ mute_notification: false });
  });
});

describe('auth rules', () => {
  it('accepts plausible e-mails only', () => {
    expect(isValidEmail('director@example.org')).toBe(true);
    expect(isValidEmail('no-at-sign')).toBe(false);
    expect(isValidEmail(`${'a'.repeat(250)}@x.io`)).toBe(false);
  });
  it('requires the confirmation to match', async () => {
    await expect(newPasswordSchema.validate({ password: 'longenough', confirmPassword: 'different' })).rejects.toThrow(
      'Error! Password have to match',
    );
    await expect(newPasswordSchema.validate({ password: 'longenough', confirmPassword: 'longenough' })).resolves.toBeTruthy();
  });
});

import { fullBudgetCode } from '../budget/budget';

describe('budget code', () => {
  it('sums category, branch and cost code into four digits', () => {
    expect(fullBudgetCode('operatingCost', 'stemParkDar', 1)).toBe(6101);
    expect(fullBudgetCode('mastercard', 'hq', 99)).toBe(2099);
    expect(fullBudgetCode('youthBootCamps', 'stemParkTanga', 42)).toBe(9242);
  });
  it('refuses cost codes outside 1..99', () => {
    expect(() => fullBudgetCode('unicef', 'hq', 0)).toThrow(RangeError);
    expect(() => fullBudgetCode('unicef', 'hq', 100)).toThrow(RangeError);
    expect(() => fullBudgetCode('unicef', 'hq', 1.5)).toThrow(RangeError);
  });
});
