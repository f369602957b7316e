// A retirement with lines sent from the form: files kept on the device (chosen offline) are uploaded
// to the store first, in the documents and in each line's, and the call carries the stored keys.
import 'fake-indexeddb/auto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { http } from '@imprest/api-client';
import type { RetirementSubmitInput } from '@imprest/domain';
import { enqueue, processOutbox } from '../offline/outbox';
import { keepFileOnDevice, type DraftForm } from '../offline';
import { idbAll, idbClearAll, idbGet } from '../offline/idb';
import { sendOrQueue } from '../offline/offline-form';

let server: Server;
const uploaded: string[] = [];
const submitted: RetirementSubmitInput[] = [];
const base = http.defaults.baseURL;

// the API's presigned POST and a store that takes the file: each upload gets the next stored key
beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/api/v1/files/presigned-post-url') {
      const key = `k${uploaded.length}x2c3d${url.searchParams.get('file_name')}`;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/store`, fields: { key } }));
      return;
    }
    if (url.pathname === '/api/v1/retirement/user-submit') {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString()));
      request.on('end', () => {
        submitted.push(JSON.parse(text) as RetirementSubmitInput);
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ data: { id: 12, status: 'pending' } }));
      });
      return;
    }
    if (url.pathname === '/store' && request.method === 'POST') {
      request.resume().on('end', () => {
        uploaded.push(`k${uploaded.length}`);
        response.statusCode = 204;
        response.end();
      });
      return;
    }
    response.statusCode = 404;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  http.defaults.baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});

afterAll(async () => {
  http.defaults.baseURL = base;
  await new Promise((resolve) => server.close(resolve));
  await idbClearAll();
});

it('uploads the files kept on the device in the documents and in each line, and sends the stored keys', async () => {
  const photo = (name: string) => keepFileOnDevice(7, new File(['receipt'], name, { type: 'image/jpeg' }));
  const [fare, meal] = [await photo('fare.jpg'), await photo('meal.jpg')];
  const body: RetirementSubmitInput = {
    id: 12,
    amount_spent: 30_000,
    amount_currency: 'tzs',
    comments: '',
    file_paths: [fare, 'a1b2c3dstored.pdf'],
    lines: [
      { date: '2026-11-20', description: 'Bus fare', amount: 20_000, file_paths: [fare] },
      { date: '2026-11-21', description: 'Lunch', amount: 10_000, file_paths: [meal] },
    ],
  };
  const item = {
    kind: 'retirement' as const,
    userId: 7,
    form: 'retirement:12' as DraftForm,
    label: 'R',
    values: {},
    body,
    idempotencyKey: 'k',
  };
  const sent: RetirementSubmitInput[] = [];
  expect(await sendOrQueue(item, async (b) => (sent.push(b), 'ok'))).toEqual({ sent: 'ok' });
  const [{ file_paths, lines }] = sent;
  expect(file_paths[0]).toMatch(/^k\dx2c3dfare\.jpg$/);
  expect(file_paths[1]).toBe('a1b2c3dstored.pdf');
  expect(lines?.map((l) => l.file_paths[0])).toEqual([expect.stringMatching(/fare\.jpg$/), expect.stringMatching(/meal\.jpg$/)]);
  expect(keysIn(sent[0]).some((key) => key.startsWith('~'))).toBe(false);
  expect(await idbAll('outbox')).toEqual([]);
});

const keysIn = (b: RetirementSubmitInput) => [...b.file_paths, ...(b.lines ?? []).flatMap((l) => l.file_paths)];

it('the outbox does the same when it sends a queued retirement, and forgets the files it kept', async () => {
  const receipt = await keepFileOnDevice(7, new File(['receipt'], 'taxi.jpg', { type: 'image/jpeg' }));
  const body: RetirementSubmitInput = {
    id: 12,
    amount_spent: 15_000,
    amount_currency: 'tzs',
    comments: '',
    file_paths: [],
    lines: [{ date: '2026-11-20', description: 'Taxi', amount: 15_000, file_paths: [receipt] }],
  };
  await enqueue({ kind: 'retirement', userId: 7, form: 'retirement:12', label: 'R', values: {}, body, idempotencyKey: 'queued-1' });
  expect(await processOutbox()).toBe(1);
  expect(submitted.at(-1)?.lines?.[0].file_paths).toEqual([expect.stringMatching(/^k\dx2c3dtaxi\.jpg$/)]);
  expect(await idbGet('files', receipt)).toBeUndefined();
});
