/** @jest-environment jsdom */
// The device's IndexedDB, in memory; calls go to a port nobody listens on, so each gets no answer, as offline.
import 'fake-indexeddb/auto';
import { serialize, deserialize } from 'node:v8';
import { act, renderHook, waitFor } from '@testing-library/react';
import { submitRetirement } from '@imprest/api-client';
import { loadDraft, saveDraft, useOfflineForm, useOutbox } from '../offline';
import { idbAll, idbClearAll } from '../offline/idb';
import type { OutboxItem } from '../offline/outbox';
import { callsGetNoAnswer } from './no-server';

// browsers have structuredClone, which IndexedDB uses to store; jest's jsdom does not expose it
globalThis.structuredClone ??= <T>(value: T): T => deserialize(serialize(value)) as T;

const USER = 7;
const KEY = '0b6c1f64-3a55-4a8e-9d43-2f1b7e0c9a11';
const stored = () => idbAll<OutboxItem>('outbox');

callsGetNoAnswer();

afterEach(async () => {
  useOutbox.setState({ items: [] });
  await idbClearAll();
});

describe('useOfflineForm', () => {
  const open = (values: { amount: string }, restored: unknown[] = []) =>
    renderHook(
      (props: { values: { amount: string } }) =>
        useOfflineForm({
          userId: USER,
          form: 'retirement:12',
          values: props.values,
          fileKeys: [],
          restore: (d) => restored.push(d.values),
        }),
      { initialProps: { values } },
    );

  it('keeps what is typed on the device and brings it back when the form opens again', async () => {
    const first = open({ amount: '' });
    await waitFor(() => expect(first.result.current.loaded).toBe(true));
    first.rerender({ values: { amount: '80,000' } });
    await waitFor(async () => expect((await loadDraft(USER, 'retirement:12'))?.values).toEqual({ amount: '80,000' }));
    first.unmount();

    const restored: unknown[] = [];
    const second = open({ amount: '' }, restored);
    await waitFor(() => expect(second.result.current.restored).toBe(true));
    expect(restored).toEqual([{ amount: '80,000' }]);
  });

  it('submits with the key the draft was queued with, queues it without a connection and is done with the draft', async () => {
    await saveDraft({ userId: USER, form: 'retirement:12', values: { amount: '5' }, fileKeys: [], idempotencyKey: KEY, savedAt: 1 });
    const form = open({ amount: '' });
    await waitFor(() => expect(form.result.current.idempotencyKey).toBe(KEY));
    const retirementBody = { id: 12, amount_spent: 5, amount_currency: 'tzs' as const, comments: '', file_paths: [] };
    let result: unknown;
    await act(async () => {
      result = await form.result.current.submit({ kind: 'retirement', label: 'Retirement', body: retirementBody }, (b) =>
        submitRetirement(b),
      );
    });
    expect(result).toEqual({ queued: true });
    expect(await stored()).toEqual([expect.objectContaining({ id: KEY, form: 'retirement:12', values: { amount: '' } })]);
    expect(await loadDraft(USER, 'retirement:12')).toBeUndefined();
  });

  it('gives a new form a fresh key of its own', async () => {
    const form = open({ amount: '' });
    await waitFor(() => expect(form.result.current.loaded).toBe(true));
    expect(form.result.current.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(form.result.current.idempotencyKey).not.toBe(KEY);
  });
});
