import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { constants, createDeflateRaw, deflateRawSync } from 'node:zlib';
import { crc32, crc32Combine } from './crc32';
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
  /** The content, or its pieces as they are produced, or its bytes deflated beforehand (deflateAll), written as they are. */
  data: string | Buffer | AsyncIterable<string | Buffer> | Deflated;
}

/** Raw deflate output and the CRC-32 and length of what it holds. */
interface Deflated {
  chunks: readonly Buffer[];
  crc: number;
  size: number;
}

/**
 * zlib hands its output back to the event loop a chunk at a time (16 KB by default): a 1.1 MB
 * workbook was ~70 callbacks, each allocating the next chunk and asking the thread pool again
 * (~10 ms of the outstanding download's event loop), and as many writes to the socket after.
 * 64 KB: ~18 of them. Larger chunks (256 KB) saved no more measurably, and each write of one to
 * the socket is a longer turn of the loop.
 */
const DEFLATED_CHUNK_BYTES = 64 * 1024;

const isDeflated = (data: StreamEntry['data']): data is Deflated => typeof data === 'object' && 'chunks' in data;

async function* piecesOf(data: Exclude<StreamEntry['data'], Deflated>): AsyncIterable<string | Buffer> {
  if (typeof data === 'string' || Buffer.isBuffer(data)) yield data;
  else yield* data;
}

/**
 * Deflates an entry's pieces on zlib's thread pool (the async stream, not deflateRawSync, so the
 * event loop only hands buffers over), yielding compressed bytes as they come and keeping the
 * record's CRC and sizes. The next piece is made while zlib deflates the one before, and written
 * once zlib has taken that one: two pieces at most are held, and neither the event loop nor
 * zlib's thread waits for the other (waiting for each piece's deflate before making the next had
 * them take turns).
 */
async function* deflated(
  data: Exclude<StreamEntry['data'], Deflated>,
  record: Pick<EntryRecord, 'crc' | 'size' | 'compressedSize'>,
  level: number | undefined,
): AsyncGenerator<Buffer> {
  const deflater = createDeflateRaw({ chunkSize: DEFLATED_CHUNK_BYTES, ...(level !== undefined && { level }) });
  const out: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => out.push(chunk));
  const take = function* () {
    while (out.length) {
      const chunk = out.shift()!;
      record.compressedSize += chunk.length;
      yield chunk;
    }
  };
  let taken: Promise<unknown> | undefined;
  try {
    for await (const piece of piecesOf(data)) {
      const raw = typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece;
      record.crc = crc32(raw, record.crc);
      record.size += raw.length;
      if (taken) await taken;
      taken = deflater.write(raw) ? undefined : once(deflater, 'drain');
      // a failure while the next piece is made is thrown where that piece waits for it
      taken?.catch(() => {});
      yield* take();
    }
    if (taken) await taken;
    deflater.end();
    await finished(deflater);
    yield* take();
  } finally {
    deflater.destroy();
  }
}

/** Every piece deflated (on zlib's threads, each made while the one before is deflated), held as compressed chunks. */
export async function deflateAll(pieces: AsyncIterable<string | Buffer>, level?: number): Promise<Deflated> {
  const record = { crc: 0, size: 0, compressedSize: 0 };
  const chunks: Buffer[] = [];
  for await (const chunk of deflated(pieces, record, level)) chunks.push(chunk);
  return { chunks, crc: record.crc, size: record.size };
}

/**
 * `head` deflated in front of `body`, as one deflate stream: the head's blocks end with a sync
 * flush (byte-aligned, not final) and the body's own blocks follow, which refer to nothing before
 * them; the CRC of both is combined from each one's. For a part whose beginning is known last.
 */
export function withHead(head: string, body: Deflated, level?: number): Deflated {
  const raw = Buffer.from(head, 'utf8');
  const deflatedHead = deflateRawSync(raw, { ...(level !== undefined && { level }), finishFlush: constants.Z_SYNC_FLUSH });
  return { chunks: [deflatedHead, ...body.chunks], crc: crc32Combine(crc32(raw), body.crc, body.size), size: raw.length + body.size };
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
    if (isDeflated(entry.data)) {
      const { chunks, crc, size } = entry.data;
      const compressedSize = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
      const record = {
        name: Buffer.from(entry.name, 'utf8'),
        flags: UTF8_NAMES,
        method: DEFLATED,
        stamp,
        crc,
        compressedSize,
        size,
        offset,
      };
      const local = localHeader(record); // CRC and sizes known: no data descriptor
      yield local;
      yield* chunks;
      offset += local.length + compressedSize;
      records.push(record);
      continue;
    }
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
