// The device's IndexedDB, in memory; calls go to a port nobody listens on, so each gets no answer, as offline.
import 'fake-indexeddb/auto';
import { ApiError, createRequest, submitRetirement } from '@imprest/api-client';
import type { RequestInput } from '@imprest/domain';
import { keepFileOnDevice, useOutbox, type DraftForm } from '../offline';
import { sendOrQueue } from '../offline/offline-form';
import { idbAll, idbClearAll } from '../offline/idb';
import type { OutboxItem } from '../offline/outbox';
import { callsGetNoAnswer } from './no-server';

const USER = 7;
const KEY = '0b6c1f64-3a55-4a8e-9d43-2f1b7e0c9a11';
const body: RequestInput = {
  purpose: 'travel',
  mode_of_service: 'bus',
  name_of_establishment: 'Kilimanjaro Express',
  expenditure_date: '2026-12-01',
  expenditure_justification: 'Field visit to Moshi',
  amount_requested: 85_000,
  amount_currency: 'tzs',
  budget_code: 6101,
  payment_mode: 'cash',
  tax_status: 'taxInclusive',
  file_paths: ['a1b2c3dticket.pdf'],
};
const item = {
  kind: 'request' as const,
  userId: USER,
  form: 'request' as DraftForm,
  label: 'Travel, 85,000 TZS',
  values: {},
  body,
  idempotencyKey: KEY,
};
const stored = () => idbAll<OutboxItem>('outbox');
const setOnline = (online: boolean) => Object.defineProperty(globalThis.navigator, 'onLine', { configurable: true, get: () => online });

callsGetNoAnswer();

afterEach(async () => {
  delete (globalThis.navigator as { onLine?: boolean }).onLine;
  useOutbox.setState({ items: [] });
  await idbClearAll();
});

describe('sendOrQueue', () => {
  it('sends at once when online, with the body and the key, and queues nothing', async () => {
    const sent: unknown[] = [];
    const result = await sendOrQueue(item, async (b, key) => (sent.push([b, key]), { id: 99 }));
    expect(result).toEqual({ sent: { id: 99 } });
    expect(sent).toEqual([[body, KEY]]);
    expect(await stored()).toEqual([]);
  });

  it('puts it in the outbox under its key when the call gets no answer, to be created once later', async () => {
    const result = await sendOrQueue(item, (b, idempotencyKey) => createRequest(b, { idempotencyKey }));
    expect(result).toEqual({ queued: true });
    expect(await stored()).toEqual([expect.objectContaining({ id: KEY, idempotencyKey: KEY, state: 'waiting', body, userId: USER })]);
    expect(useOutbox.getState().items.map((i) => i.id)).toEqual([KEY]);
  });

  it('offline, queues without trying the call', async () => {
    setOnline(false);
    let tried = false;
    const result = await sendOrQueue(item, async () => (tried = true));
    expect(result).toEqual({ queued: true });
    expect(tried).toBe(false);
    expect(await stored()).toHaveLength(1);
  });

  it('throws the server’s refusal for the form to show, and queues nothing', async () => {
    const refusal = new ApiError('Total Amount Spent must be the sum of the lines', 400, 'BAD_REQUEST');
    await expect(sendOrQueue(item, () => Promise.reject(refusal))).rejects.toBe(refusal);
    expect(await stored()).toEqual([]);
  });

  it('queues a file kept on the device under its local key when its upload gets no answer', async () => {
    const local = await keepFileOnDevice(USER, new File(['receipt'], 'receipt.jpg', { type: 'image/jpeg' }));
    const retirement = {
      kind: 'retirement' as const,
      userId: USER,
      form: 'retirement:12' as DraftForm,
      label: 'Retirement: Travel, 80,000 TZS spent',
      values: { amount: '80,000', comments: '' },
      body: { id: 12, amount_spent: 80_000, amount_currency: 'tzs' as const, comments: '', file_paths: [local] },
      idempotencyKey: KEY,
    };
    const result = await sendOrQueue(retirement, (b) => submitRetirement(b));
    expect(result).toEqual({ queued: true });
    expect((await stored())[0].body.file_paths).toEqual([local]);
  });
});
