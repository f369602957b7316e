import { Writable } from 'node:stream';

export interface LogEntry {
  level: number;
  msg?: string;
  [field: string]: unknown;
}

/** A pino destination kept in memory: pass `logger` to createTestApp, then read what was written. */
export function captureLog(level = 'trace') {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return {
    logger: { level, stream },
    text: () => lines.join('\n'),
    entries: (): LogEntry[] => lines.map((line) => JSON.parse(line) as LogEntry),
  };
}
