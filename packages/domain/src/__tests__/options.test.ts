import { optionLabel } from '../options';

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
});
