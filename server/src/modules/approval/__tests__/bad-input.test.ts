import type { ApprovalBand } from '@imprest/domain';
import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { approvalApi, approvalCounts, threeBands, type ApprovalApi } from '../../../test-support/approval';
import { signIn } from '../../../test-support/http';

/** threeBands with one band changed (a value of undefined drops the field). */
function changed(index: number, change: Record<string, unknown>): unknown[] {
  const bands = threeBands() as unknown as Array<Record<string, unknown>>;
  bands[index] = { ...bands[index], ...change };
  for (const [key, value] of Object.entries(change)) if (value === undefined) delete bands[index][key];
  return bands;
}

const eleven = (): ApprovalBand[] =>
  Array.from({ length: 11 }, (_, i) => ({
    start_value: i,
    end_value: i === 10 ? null : i + 1,
    description: '',
    user_role: `L${i}`,
    reviewers: ['finance_officer'],
    cascading_notification: false,
  }));

/** Bodies of PUT approval-matrix no rule accepts, with the message that names the band and field. */
const BAD_MATRICES: Array<[string, unknown, string | RegExp]> = [
  ['no bands', { bands: [] }, 'The matrix needs at least one band'],
  ['eleven bands', { bands: eleven() }, 'body.bands: must list at most 10 items'],
  [
    'a gap',
    { bands: changed(1, { start_value: 1_000_001 }) },
    'Band 2 (B): the start must equal the end of band 1 (1,000,000), otherwise there is a gap',
  ],
  [
    'an overlap',
    { bands: changed(2, { start_value: 149_000_000 }) },
    'Band 3 (A): the start must equal the end of band 2 (150,000,000), otherwise there is an overlap',
  ],
  ['bands out of order', { bands: [threeBands()[1], threeBands()[0], threeBands()[2]] }, 'Band 1 (B): the first band starts at 0'],
  ['a first band above 0', { bands: changed(0, { start_value: 100 }) }, 'Band 1 (C): the first band starts at 0'],
  ['an end not above its start', { bands: changed(0, { end_value: 0 }) }, 'Band 1 (C): the end must be greater than the start'],
  ['an open band before the last', { bands: changed(1, { end_value: null }) }, 'Band 2 (B): only the last band may have no end'],
  ['a last band with an end', { bands: changed(2, { end_value: 900_000_000 }) }, /^Band 3 \(A\): the last band has no end/],
  [
    'a negative start',
    { bands: changed(0, { start_value: -1 }) },
    'Band 1 (C): the start must be an amount of 0 or more with at most 2 decimals',
  ],
  [
    'three decimals',
    { bands: changed(0, { end_value: 1_000_000.001 }) },
    'Band 1 (C): the end must be an amount of 0 or more with at most 2 decimals',
  ],
  ['a blank label', { bands: changed(1, { user_role: ' ' }) }, 'Band 2: the band label is required'],
  ['a 21-character label', { bands: changed(1, { user_role: 'L'.repeat(21) }) }, 'body.bands.1.user_role: must be at most 20 characters'],
  ['a label used twice', { bands: changed(2, { user_role: 'b' }) }, 'Band 3 (b): the label is already used by band 2'],
  [
    'a 201-character description',
    { bands: changed(0, { description: 'd'.repeat(201) }) },
    'body.bands.0.description: must be at most 200 characters',
  ],
  ['no reviewers', { bands: changed(0, { reviewers: [] }) }, 'Band 1 (C): choose 1 to 3 reviewers'],
  [
    'four reviewers',
    { bands: changed(2, { reviewers: ['petty_cash_custodian', 'finance_officer', 'director', 'board_chairman'] }) },
    'body.bands.2.reviewers: must list at most 3 items',
  ],
  [
    'a reviewer twice',
    { bands: changed(1, { reviewers: ['finance_officer', 'finance_officer'] }) },
    'Band 2 (B): Finance Officer is chosen more than once',
  ],
  ['staff as a reviewer', { bands: changed(1, { reviewers: ['finance_officer', 'staff'] }) }, 'Band 2 (B): "staff" is not a reviewer role'],
  ['an unknown role', { bands: changed(1, { reviewers: ['cashier'] }) }, 'Band 2 (B): "cashier" is not a reviewer role'],
  // the schema's own answers: wrong types, missing or unknown fields
  ['a text amount', { bands: changed(0, { end_value: '1000000' }) }, /^body\.bands\.0\.end_value: Expected number$/],
  ['a missing label', { bands: changed(0, { user_role: undefined }) }, 'body.bands.0.user_role: Expected required property'],
  [
    'a text cascading flag',
    { bands: changed(0, { cascading_notification: 'yes' }) },
    /^body\.bands\.0\.cascading_notification: Expected boolean$/,
  ],
  ['an unknown band field', { bands: changed(0, { firstReviewer: 'director' }) }, 'body.bands.0.firstReviewer: Unexpected property'],
  ['no bands field', {}, 'body.bands: Expected required property'],
  ['bands as an object', { bands: { 0: threeBands()[0] } }, /^body\.bands: Expected array$/],
  ['an extra body field', { bands: threeBands(), organization_id: 2 }, 'body.organization_id: Unexpected property'],
];

const BAD_RATES: Array<[string, unknown, string | RegExp]> = [
  ['no rates', { rates: {} }, 'Give at least one exchange rate'],
  ['a TZS rate', { rates: { tzs: 1 } }, '"tzs" is not a currency that needs a rate: use usd, gbp, chf'],
  ['an unknown currency', { rates: { eur: 2900 } }, /^"eur" is not a currency/],
  ['a zero rate', { rates: { usd: 0 } }, 'The rate for USD must be a number greater than 0 with at most 2 decimals'],
  ['a negative rate', { rates: { usd: -1 } }, /^The rate for USD must be a number greater than 0/],
  ['three decimals', { rates: { usd: 2500.005 } }, /at most 2 decimals$/],
  ['an absurd rate', { rates: { usd: 5_000_000 } }, 'body.rates.usd: must be at most 1,000,000'],
  ['a text rate', { rates: { usd: '2500' } }, 'body.rates.usd: Expected number'],
  ['rates as a list', { rates: [2500] }, /^body\.rates: /],
  ['an extra body field', { rates: { usd: 2500 }, modified_by: 1 }, 'body.modified_by: Unexpected property'],
];

describe.each(DIALECTS)('approval calls refuse bad input and write nothing (%s)', (dialect) => {
  let t: TestApp;
  let director: ApprovalApi;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    director = approvalApi(t.app, (await signIn(t.app, 'director@example.org')).token);
  });
  afterAll(() => t.close());

  async function refused(response: Awaited<ReturnType<ApprovalApi['matrix']>>, message: string | RegExp, counts: object) {
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('BAD_REQUEST');
    expect(Object.keys(body).sort()).toEqual(['code', 'error']);
    if (typeof message === 'string') expect(body.error).toBe(message);
    else expect(body.error).toMatch(message);
    expect(await approvalCounts(t.app)).toEqual(counts);
  }

  it.each(BAD_MATRICES)('PUT approval-matrix with %s → 400', async (_name, body, message) => {
    const counts = await approvalCounts(t.app);
    await refused(await director.putMatrix(body), message, counts);
    expect((await director.matrix()).json().data.modified_at).toBeNull();
  });

  it.each(BAD_RATES)('PUT exchange-rates with %s → 400', async (_name, body, message) => {
    const counts = await approvalCounts(t.app);
    await refused(await director.putRates(body), message, counts);
  });

  it('refuses a body over 1 MB with 413', async () => {
    const response = await director.saveMatrix(changed(0, { description: 'd'.repeat(1024 * 1024) }));
    expect(response.statusCode).toBe(413);
  });
});
