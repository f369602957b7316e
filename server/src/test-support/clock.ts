import type { Clock } from '../clock';

export interface TestClock extends Clock {
  advance(ms: number): void;
}

/** Real time plus an offset the test can move forward. */
export function createTestClock(): TestClock {
  let offset = 0;
  const clock = (() => new Date(Date.now() + offset)) as TestClock;
  clock.advance = (ms) => {
    offset += ms;
  };
  return clock;
}
