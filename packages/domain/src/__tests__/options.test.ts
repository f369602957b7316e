import { optionLabel } from '../organization/options';

describe('optionLabel', () => {
  it('spells option keys as words', () => {
    expect(optionLabel('risingStemStars')).toBe('Rising Stem Stars');
    expect(optionLabel('bank_transfer')).toBe('Bank transfer');
    expect(optionLabel('finance')).toBe('Finance');
  });

  it('writes the IT department as the acronym', () => {
    expect(optionLabel('it')).toBe('IT');
  });

  it('writes the HQ mode as the acronym and the accomodation purpose spelled right', () => {
    expect(optionLabel('hq')).toBe('HQ');
    expect(optionLabel('accomodation')).toBe('Accommodation');
    expect(optionLabel('darStemPark')).toBe('Dar Stem Park');
  });

  it('answers the same label when asked again, and the words of a key that names an Object property', () => {
    expect(optionLabel('bank_transfer')).toBe('Bank transfer');
    expect(optionLabel('bank_transfer')).toBe('Bank transfer');
    expect(optionLabel('constructor')).toBe('Constructor');
    expect(optionLabel('__proto__')).toBe('Proto');
  });
});
