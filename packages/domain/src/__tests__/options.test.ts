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
});
