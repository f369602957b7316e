import { queryClient } from '@imprest/api-client/query';
import { LONGEST_WAIT_MS, QUIET_MS, afterFirstReads } from '../after-first-reads';

// socket.io's client waits for the page's first reads: real timers, a real query client
describe('afterFirstReads', () => {
  afterEach(() => queryClient.clear());

  const settled = (promise: Promise<void>) => {
    const state = { done: false };
    void promise.then(() => (state.done = true));
    return state;
  };
  // a read that never answers (cleared after each test, which cancels it)
  const neverAnswers = () =>
    void queryClient.fetchQuery({ queryKey: ['never'], queryFn: () => new Promise<string>(() => undefined) }).catch(() => undefined);
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('waits while a read is fetching, then for the reads to stay quiet', async () => {
    let answer: (value: string) => void = () => undefined;
    const read = queryClient.fetchQuery({ queryKey: ['slow'], queryFn: () => new Promise<string>((resolve) => (answer = resolve)) });
    const started = Date.now();
    const waiting = settled(afterFirstReads());
    await sleep(QUIET_MS + 200);
    expect(waiting.done).toBe(false);
    answer('ok');
    await read;
    await sleep(QUIET_MS / 2);
    expect(waiting.done).toBe(false);
    await sleep(QUIET_MS);
    expect(waiting.done).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1.5 * QUIET_MS);
  });

  it('resolves once the page is quiet, and at once when stopped', async () => {
    const quiet = settled(afterFirstReads());
    await sleep(QUIET_MS + 100);
    expect(quiet.done).toBe(true);

    neverAnswers();
    const stop = new AbortController();
    const stopped = settled(afterFirstReads(stop.signal));
    await sleep(QUIET_MS + 100);
    expect(stopped.done).toBe(false);
    stop.abort();
    await sleep(0);
    expect(stopped.done).toBe(true);
  });

  it('gives up waiting after the longest wait, though a read is still fetching', async () => {
    jest.useFakeTimers();
    try {
      neverAnswers();
      const waiting = settled(afterFirstReads());
      await jest.advanceTimersByTimeAsync(LONGEST_WAIT_MS - 1);
      expect(waiting.done).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      expect(waiting.done).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });
});
