import { fromMinorUnits, toMinorUnits } from '../money/money';

describe('amounts in minor units', () => {
  it('reads a number or text with up to two decimals exactly, without float multiplication', () => {
    expect(toMinorUnits(25_000_000)).toBe(2_500_000_000);
    expect(toMinorUnits(1.15)).toBe(115); // 1.15 * 100 = 114.99999999999999
    expect(toMinorUnits(0.29)).toBe(29); // 0.29 * 100 = 28.999999999999996
    expect(toMinorUnits(1005.1)).toBe(100510);
    expect(toMinorUnits(0)).toBe(0);
    expect(toMinorUnits('12.5')).toBe(1250);
    expect(toMinorUnits(' 7 ')).toBe(700);
    expect(toMinorUnits('0.07')).toBe(7);
    expect(toMinorUnits(999_999_999_999.99)).toBe(99_999_999_999_999);
  });

  it('refuses more than two decimals, signs, exponents, words and numbers too large to stay exact', () => {
    for (const value of [
      1.234,
      0.1 + 0.2,
      -5,
      '-5',
      '+5',
      '1e3',
      1e21,
      1e-7,
      'abc',
      '',
      '1.',
      '.5',
      '1,000',
      Number.NaN,
      Infinity,
      2 ** 53,
    ]) {
      expect([value, toMinorUnits(value)]).toEqual([value, null]);
    }
  });

  it('gives back the same two-decimal number for every cent, so amounts round-trip', () => {
    const wrong: number[] = [];
    for (let minor = 0; minor < 1_000_000; minor += 1) if (toMinorUnits(fromMinorUnits(minor)) !== minor) wrong.push(minor);
    expect(wrong).toEqual([]);
    for (const whole of [1_000_000_000_000, 123_456_789_012, 999_999_999_999]) {
      for (let cents = 0; cents < 100; cents += 1) {
        const minor = whole * 100 + cents;
        expect(String(fromMinorUnits(minor))).toBe(`${whole}${cents === 0 ? '' : `.${String(cents).padStart(2, '0').replace(/0$/, '')}`}`);
      }
    }
  });
});
