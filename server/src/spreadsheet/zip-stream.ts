import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { createDeflateRaw } from 'node:zlib';
import { crc32 } from './crc32';
import {
  DATA_DESCRIPTOR,
  DEFLATED,
  UTF8_NAMES,
  dataDescriptor,
  directoryAndEnd,
  dosDateTime,
  localHeader,
  type EntryRecord,
} from './zip-records';

export interface StreamEntry {
  /** Path inside the archive, with forward slashes. */
  name: string;
  /** The content, or its pieces as they are produced. */
  data: string | Buffer | AsyncIterable<string | Buffer>;
}

async function* piecesOf(data: StreamEntry['data']): AsyncIterable<string | Buffer> {
  if (typeof data === 'string' || Buffer.isBuffer(data)) yield data;
  else yield* data;
}

/**
 * Deflates an entry's pieces on zlib's thread pool (the async stream, not deflateRawSync, so the
 * event loop only hands buffers over), yielding compressed bytes as they come and keeping the
 * record's CRC and sizes. Never more than one piece's output is held: the next piece is read
 * only after the previous output was taken.
 */
async function* deflated(data: StreamEntry['data'], record: EntryRecord, level: number | undefined): AsyncGenerator<Buffer> {
  const deflater = createDeflateRaw(level === undefined ? {} : { level });
  const out: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => out.push(chunk));
  const take = function* () {
    while (out.length) {
      const chunk = out.shift()!;
      record.compressedSize += chunk.length;
      yield chunk;
    }
  };
  try {
    for await (const piece of piecesOf(data)) {
      const raw = typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece;
      record.crc = crc32(raw, record.crc);
      record.size += raw.length;
      if (!deflater.write(raw)) await once(deflater, 'drain');
      yield* take();
    }
    deflater.end();
    await finished(deflater);
    yield* take();
  } finally {
    deflater.destroy();
  }
}

/**
 * A ZIP archive produced piece by piece (no ZIP64: under 4 GB): each entry is deflated as it
 * streams, its CRC and sizes written after it (data descriptor) and again in the central
 * directory, which is where readers take them from. `level` is zlib's (default 6).
 */
export async function* zipStream(entries: readonly StreamEntry[], modifiedAt: Date = new Date(), level?: number): AsyncGenerator<Buffer> {
  const stamp = dosDateTime(modifiedAt);
  const records: EntryRecord[] = [];
  let offset = 0;
  for (const entry of entries) {
    const record: EntryRecord = {
      name: Buffer.from(entry.name, 'utf8'),
      flags: UTF8_NAMES | DATA_DESCRIPTOR,
      method: DEFLATED,
      stamp,
      crc: 0,
      compressedSize: 0,
      size: 0,
      offset,
    };
    const local = localHeader(record); // CRC and sizes 0 here, as bit 3 says
    yield local;
    yield* deflated(entry.data, record, level);
    const descriptor = dataDescriptor(record);
    yield descriptor;
    offset += local.length + record.compressedSize + descriptor.length;
    records.push(record);
  }
  yield directoryAndEnd(records, offset);
}
