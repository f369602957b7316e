import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DialectName } from './database';

type Reads<T extends readonly unknown[]> = { [K in keyof T]: () => Promise<T[K]> };

/**
 * Runs independent reads of one answer. SQLite answers on the event loop, and reads started together
 * run back to back without letting it go: there they run one after another with the loop free
 * between them, so a call holds it for its longest read, not for all of them. PostgreSQL answers
 * off the loop: there they run side by side, on connections of the pool.
 */
export async function readApart<T extends readonly unknown[]>(dialect: DialectName | undefined, ...reads: Reads<T>): Promise<T> {
  if (dialect !== 'sqlite') return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const [i, read] of reads.entries()) {
    if (i > 0) await nextTurn();
    results.push(await read());
  }
  return results as unknown as T;
}
