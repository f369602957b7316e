import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { reviewer } from '../../../test-support/delegations';
import { signIn } from '../../../test-support/http';
import { dateFromToday, lastMailId, mailsSince } from '../../../test-support/requests';
import { approvedRequest, loopCaller, pendingStep, type LoopCaller } from '../../../test-support/retirements';
import { unzipText } from '../../../test-support/unzip';
import { DOWNLOAD_HEADERS } from '../../requests/download-requests';

const textsOf = (row: string) => [...row.matchAll(/<t xml:space="preserve">([^<]*)<\/t>/g)].map((m) => m[1]);
const rowsOf = (sheet: string) => [...sheet.matchAll(/<row r="\d+">(.*?)<\/row>/g)].map((m) => m[1]);
const BY_DELEGATE = 'Baraka Mwakyusa for Faraji Mollel (Executive Secretary)';

/** What a delegate did shows both names in the request download and in retirement mail. */
describe.each(DIALECTS)('who reviewed, and for whom (%s)', (dialect) => {
  let t: TestApp;
  let staff: LoopCaller, finance: LoopCaller, admin: LoopCaller;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    [staff, finance, admin] = await Promise.all(['staff', 'finance_officer', 'admin'].map((r) => loopCaller(t.app, `${r}@example.org`)));
    // the executive secretary is away: the admin acts on that step of the default chain
    const secretary = await reviewer(t.app, 'executive_secretary@example.org');
    const delegated = await secretary.delegate({ delegate_id: admin.id, starts_on: dateFromToday(0), ends_on: dateFromToday(3) });
    expect(delegated.statusCode).toBe(201);
  });
  afterAll(() => t.close());

  it("names each step's reviewer in the download's Reviewed by column, with the delegator when a delegate acted", async () => {
    await approvedRequest(staff, [finance, admin], { name_of_establishment: 'Delegated Ltd' });
    await approvedRequest(staff, [finance], { name_of_establishment: 'Half Way Ltd' });
    await approvedRequest(staff, [], { name_of_establishment: 'Untouched Ltd' });
    const { token, user } = await signIn(t.app, 'director@example.org');
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/requests/download/director?id=${user.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    const rows = rowsOf(unzipText(response.rawPayload)['xl/worksheets/sheet1.xml']).map(textsOf);
    // the text cells only (dates and amounts are numbers, Submitted among them): Reviewed by is the
    // text after the status, whatever columns (the payout's) follow it
    const reviewedBy = (cells: string[], status: string) => cells[cells.indexOf(status) + 1];
    expect(reviewedBy(rows[0], 'Submitted')).toBe('Reviewed by');
    expect(DOWNLOAD_HEADERS.indexOf('Reviewed by')).toBe(DOWNLOAD_HEADERS.indexOf('Submitted') + 1);
    const row = (supplier: string) => rows.find((r) => r.includes(supplier))!;
    expect(reviewedBy(row('Delegated Ltd'), 'Approved')).toBe(`Grace Lyimo (Finance Officer); ${BY_DELEGATE}`);
    expect(reviewedBy(row('Half Way Ltd'), 'On progress')).toBe('Grace Lyimo (Finance Officer)');
    expect(reviewedBy(row('Untouched Ltd'), 'Pending')).toBe('');
  });

  /** An approved request's retirement, submitted, its finance step accepted: it waits for the secretary's step. */
  async function atSecretaryStep() {
    const id = await approvedRequest(staff, [finance, admin], { amount_requested: 200_000 });
    const attached = await finance.retirements.attach(id);
    expect(attached.statusCode).toBe(201);
    const retirement = attached.json().data;
    expect(
      (
        await staff.retirements.submit({
          id: retirement.id,
          comments: 'Bus fare',
          amount_spent: 200_000,
          amount_currency: 'tzs',
          file_paths: [await staff.receipt()],
        })
      ).statusCode,
    ).toBe(200);
    const first = await pendingStep(finance.retirements, retirement.id);
    expect(
      (await finance.retirements.review({ id: retirement.id, review_id: first.id, status: 'approved', comments: '' })).statusCode,
    ).toBe(200);
    return retirement.id as number;
  }
  const ownerMail = async (mark: number) => (await mailsSince(t.app, mark)).filter((m) => m.to_address === 'staff@example.org');

  it("tells the owner a delegate approved their retirement for the step's holder", async () => {
    const id = await atSecretaryStep();
    const mark = await lastMailId(t.app);
    const step = await pendingStep(finance.retirements, id);
    const done = await admin.retirements.review({ id, review_id: step.id, status: 'approved', comments: '' });
    expect(done.json().data.reviews[1]).toMatchObject({ reviewer_name: 'Baraka Mwakyusa', on_behalf_of_name: 'Faraji Mollel' });
    const [mail] = await ownerMail(mark);
    expect(mail.subject).toBe('Your retirement was approved');
    expect(mail.text_body).toContain(`was approved by ${BY_DELEGATE}. The request is completed.`);
  });

  it('tells the owner a delegate rejected it, and who wrote the comment', async () => {
    const id = await atSecretaryStep();
    const mark = await lastMailId(t.app);
    const step = await pendingStep(finance.retirements, id);
    expect((await admin.retirements.review({ id, review_id: step.id, status: 'rejected', comments: 'No receipt' })).statusCode).toBe(200);
    const [mail] = await ownerMail(mark);
    expect(mail.subject).toBe('Your retirement was rejected');
    expect(mail.text_body).toContain(`was rejected by ${BY_DELEGATE}.`);
    expect(mail.text_body).toContain('Baraka Mwakyusa wrote: No receipt');
  });
});
