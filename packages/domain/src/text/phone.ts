import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/mobile';

/**
 * Phone numbers (docs/product-rules.md §Phone numbers). The `mobile` metadata build is the smallest
 * that tells a mobile number from a landline: with it a number is valid only if it is a mobile one.
 * Every organisation is in Tanzania today; national forms (0712 345 678) are read in its plan.
 * The library and its metadata are ~29 KB compressed: only user-validation (typed or uploaded
 * values) imports this file, so a screen that needs the user rules alone (the users list) does
 * not load it.
 */
const PHONE_COUNTRY: CountryCode = 'TZ';

/** The longest phone text accepted, spaces and punctuation included: +255 (0) 712-345-678 is 21. */
export const PHONE_TEXT_MAX_LENGTH = 40;

/** How the messages show a good number. */
export const PHONE_EXAMPLE = '0712 345 678';

export type PhoneReading = { e164: string } | { problem: 'required' | 'spreadsheet' | 'invalid' };

// What a spreadsheet writes for a long number it took for a quantity: 2.55712E+11, 7,12345E+08.
// The digits past the sixth are gone, so no rule can restore the number.
const SCIENTIFIC = /^[+-]?\d+(?:[.,]\d*)?e[+-]?\d+$/i;
const isScientific = (text: string) => SCIENTIFIC.test(text.replace(/\s/g, ''));
// Digits with the separators people type; a leading + only. Anything else (letters, an extension)
// is refused rather than read past, as the library would.
const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;

/**
 * A typed or uploaded phone number read as a mobile number of PHONE_COUNTRY, or of any country
 * when it starts with + and its calling code. Nine digits that lost their leading zero in a
 * spreadsheet (712345678) are the national number itself and read as +255712345678.
 */
export function readPhone(text: string, country: CountryCode = PHONE_COUNTRY): PhoneReading {
  const value = text.trim();
  if (!value) return { problem: 'required' };
  if (isScientific(value)) return { problem: 'spreadsheet' };
  if (!PHONE_CHARACTERS.test(value)) return { problem: 'invalid' };
  const phone = parsePhoneNumberFromString(value, country);
  return phone?.isValid() ? { e164: phone.number } : { problem: 'invalid' };
}

/** The number as stored (E.164) when it is a valid mobile number; otherwise the text, trimmed, to be refused. */
export function normalizePhone(text: string): string {
  const reading = readPhone(text);
  return 'e164' in reading ? reading.e164 : text.trim();
}

/**
 * What a phone input keeps of what is typed or pasted: digits, and a + only at the start. A
 * number in scientific notation (pasted from a spreadsheet) stays whole, so its check can say so.
 */
export function phoneInputText(text: string): string {
  if (isScientific(text)) return text;
  const plus = text.trimStart().startsWith('+') ? '+' : '';
  return plus + text.replace(/\D/g, '');
}

/** A stored number as people read it (+255 712 345 678); one that is not valid, as stored. */
export function phoneDisplay(stored: string): string {
  const reading = readPhone(stored);
  return 'e164' in reading ? (parsePhoneNumberFromString(reading.e164)?.formatInternational() ?? stored) : stored;
}
