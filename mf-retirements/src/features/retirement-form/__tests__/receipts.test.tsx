import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from '@imprest/api-client';
import { RECEIPT_MESSAGES } from '@imprest/domain';
import { putBackAfterEach, signInAs, startApi, type Call, type FakeApi, type Reply } from '@imprest/test-utils';
import { OWNER_ID, aRetirement, aSubmitted } from '../../../test/retirements';
import { renderRetirementForm } from '../../../test/retirement-form';

const user = userEvent.setup({ delay: null });
let api: FakeApi;
let answer: (call: Call) => Reply | undefined;

/** The server's side of an upload and a submission; the organisation's receipt exemption is `exempt` TZS. */
const server = (exempt: number) => (call: Call) => {
  if (call.path === 'organization/settings') return { body: { data: { review_reminder_days: 3, receipt_exempt_below: exempt } } };
  if (call.path === 'exchange-rates') return { body: { data: { rates: { usd: 2500 }, modified_at: null } } };
  if (call.path === 'files/presigned-post-url')
    return { body: { url: `${http.defaults.baseURL}/files/upload`, fields: { key: `abc1234${call.query.file_name}` } } };
  if (call.path === 'files/upload') return { status: 204, body: '' };
  if (call.path === 'retirement/user-submit') return { body: { data: aSubmitted() } };
  return undefined;
};

beforeEach(async () => {
  answer = () => undefined;
  api = await startApi((call) => answer(call));
  signInAs('staff', { id: OWNER_ID });
});

putBackAfterEach(() => api);

/** The owner's form, once its code (a chunk of its own) has loaded. */
async function openForm(retirement: Parameters<typeof renderRetirementForm>[0]) {
  renderRetirementForm(retirement);
  await screen.findByRole('button', { name: 'Submit Retirement' });
}

const submitted = () => api.calls.filter((c) => c.method === 'POST' && c.path === 'retirement/user-submit');
const spend = (amount: string) => user.type(screen.getByRole('textbox', { name: /Total Amount Spent/ }), amount);
const submit = () => user.click(screen.getByRole('button', { name: 'Submit Retirement' }));

describe('receipts on the Retirement Form (docs/product-rules.md §Retirements)', () => {
  it('says a receipt is needed before sending, and sends the photo taken with Take photo', async () => {
    answer = server(0);
    await openForm(aRetirement());
    await spend('1500');
    await submit();
    expect(await screen.findByText(RECEIPT_MESSAGES.needed)).toBeInTheDocument();
    expect(submitted()).toHaveLength(0);

    const camera = screen.getByLabelText('Take photo');
    expect(camera).toHaveAttribute('accept', 'image/*');
    expect(camera).toHaveAttribute('capture', 'environment');
    await user.upload(camera, new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'IMG_0042.jpeg', { type: 'image/jpeg' }));
    expect(await screen.findByText('IMG_0042.jpg')).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === 'files/presigned-post-url')?.query.file_name).toBe('IMG_0042.jpg');
    expect(screen.queryByText(RECEIPT_MESSAGES.needed)).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit Retirement' })).toBeEnabled());
    await submit();
    expect(await screen.findByRole('heading', { name: 'Retirement Request successful!' })).toBeInTheDocument();
    expect(submitted()[0].body).toMatchObject({ amount_spent: 1500, file_paths: ['abc1234IMG_0042.jpg'] });
  });

  it('refuses a photo the upload cannot take, saying why, and sends nothing', async () => {
    answer = server(0);
    await openForm(aRetirement());
    await user.upload(screen.getByLabelText('Take photo'), new File(['heic'], 'IMG_7.heic', { type: 'image/heic' }));
    expect(await screen.findByText(/IMG_7.heic: not sent \(this photo could not be read/)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === 'files/presigned-post-url')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Remove IMG_7.heic' }));
    expect(screen.queryByText(/IMG_7.heic/)).not.toBeInTheDocument();
  });

  it('lets petty cash below the exemption go without a receipt, and names the exemption above it', async () => {
    answer = server(50_000);
    await openForm(aRetirement());
    await waitFor(() => expect(api.calls.some((c) => c.path === 'organization/settings')).toBe(true));
    await spend('50000');
    await submit();
    expect(await screen.findByText(RECEIPT_MESSAGES.neededAbove(5_000_000))).toBeInTheDocument();
    expect(submitted()).toHaveLength(0);
    await user.clear(screen.getByRole('textbox', { name: /Total Amount Spent/ }));
    await spend('49999.99');
    await submit();
    expect(await screen.findByRole('heading', { name: 'Retirement Request successful!' })).toBeInTheDocument();
    expect(submitted()[0].body).toMatchObject({ amount_spent: 49999.99, file_paths: [] });
  });

  it('asks for nothing when nothing was spent', async () => {
    answer = server(0);
    await openForm(aRetirement());
    await spend('0');
    await submit();
    expect(await screen.findByRole('heading', { name: 'Retirement Request successful!' })).toBeInTheDocument();
  });
});
