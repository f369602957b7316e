import { deflateRawSync } from 'node:zlib';
import { crc32 } from './crc32';
import { DEFLATED, STORED, UTF8_NAMES, directoryAndEnd, dosDateTime, localHeader, type EntryRecord } from './zip-records';

export interface ZipEntry {
  /** Path inside the archive, with forward slashes. */
  name: string;
  data: Buffer | string;
}

/**
 * A ZIP archive in memory (no ZIP64: entries and archive under 4 GB), each entry deflated unless
 * that would not make it smaller. For small workbooks (the reports); zipStream for large ones.
 */
export function zip(entries: readonly ZipEntry[], modifiedAt: Date = new Date()): Buffer {
  const stamp = dosDateTime(modifiedAt);
  const parts: Buffer[] = [];
  const records: EntryRecord[] = [];
  let offset = 0;

  for (const entry of entries) {
    const raw = typeof entry.data === 'string' ? Buffer.from(entry.data, 'utf8') : entry.data;
    const deflated = deflateRawSync(raw);
    const method = deflated.length < raw.length ? DEFLATED : STORED;
    const body = method === DEFLATED ? deflated : raw;
    const record = {
      name: Buffer.from(entry.name, 'utf8'),
      flags: UTF8_NAMES,
      method,
      stamp,
      crc: crc32(raw),
      compressedSize: body.length,
      size: raw.length,
      offset,
    };
    const local = localHeader(record);
    parts.push(local, body);
    records.push(record);
    offset += local.length + body.length;
  }
  return Buffer.concat([...parts, directoryAndEnd(records, offset)]);
}
