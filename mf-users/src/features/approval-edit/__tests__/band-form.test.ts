import { DEFAULT_APPROVAL_MATRIX } from '@imprest/domain';
import { bandsOf, draftsOf, matrixAmountText, validateMatrix, withBandAdded, withBandRemoved, withEnd } from '../band-form';

const three = () => {
  const drafts = withBandAdded(draftsOf(DEFAULT_APPROVAL_MATRIX));
  drafts[1].end_value = '500,000,000';
  drafts[2] = { ...drafts[2], start_value: '500,000,000', user_role: 'AA', firstReviewer: 'director' };
  return drafts;
};

describe('the approval form values', () => {
  it('keep amounts to digits, shown with separators and sent as whole numbers (docs/product-rules.md §Validation)', () => {
    expect(matrixAmountText('12a3,45.6')).toBe('123,456');
    const drafts = withEnd(draftsOf(DEFAULT_APPROVAL_MATRIX), 0, '200 000 000 TZS');
    expect(drafts[0].end_value).toBe('200,000,000');
    expect(bandsOf(drafts)[0].end_value).toBe(200_000_000);
    expect(bandsOf(drafts)[1].start_value).toBe(200_000_000);
  });

  it('round-trip the bands, commas stripped and the last band without an end', () => {
    expect(bandsOf(draftsOf(DEFAULT_APPROVAL_MATRIX))).toEqual(DEFAULT_APPROVAL_MATRIX);
    expect(bandsOf(three())[2]).toMatchObject({ start_value: 500_000_000, end_value: null, reviewers: ['director'] });
  });

  it('removing a middle band lets the next one start where it started; removing the last opens the new last', () => {
    const middle = withBandRemoved(three(), 1);
    expect(middle.map((d) => [d.user_role, d.start_value, d.end_value])).toEqual([
      ['B', '0', '150,000,000'],
      ['AA', '150,000,000', ''],
    ]);
    expect(validateMatrix({ bands: middle })).toEqual({});
    const last = withBandRemoved(three(), 2);
    expect(last.map((d) => d.end_value)).toEqual(['150,000,000', '']);
    expect(validateMatrix({ bands: last })).toEqual({});
  });

  it('puts a reviewer problem on the repeated select, or on the first when none is chosen', () => {
    const drafts = three();
    drafts[0].thirdReviewer = 'finance_officer';
    drafts[2].firstReviewer = '';
    const errors = validateMatrix({ bands: drafts });
    expect(errors.bands?.[0]).toEqual({ thirdReviewer: 'Band 1 (B): Finance Officer is chosen more than once' });
    expect(errors.bands?.[2]).toEqual({ firstReviewer: 'Band 3 (AA): choose 1 to 3 reviewers' });
  });
});
