import { crc32, inflateRawSync } from 'node:zlib';
import JSZip from 'jszip';

export interface UnzippedEntry {
  name: string;
  method: number;
  data: Buffer;
}

/**
 * Reads a ZIP archive the way an unzip tool does: from the end-of-central-directory record,
 * through the central directory, to each local header; checks sizes and CRC-32 of every entry —
 * zlib's CRC-32, not the writer's own (spreadsheet/crc32.ts), so a wrong table there is caught.
 */
export function unzip(archive: Buffer): UnzippedEntry[] {
  const endAt = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (endAt < 0) throw new Error('no end of central directory record');
  const count = archive.readUInt16LE(endAt + 10);
  const directorySize = archive.readUInt32LE(endAt + 12);
  let at = archive.readUInt32LE(endAt + 16);
  if (at + directorySize !== endAt) throw new Error('central directory does not end where the end record starts');

  const entries: UnzippedEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (archive.readUInt32LE(at) !== 0x02014b50) throw new Error(`bad central header ${i}`);
    const method = archive.readUInt16LE(at + 10);
    const crc = archive.readUInt32LE(at + 16);
    const compressedSize = archive.readUInt32LE(at + 20);
    const size = archive.readUInt32LE(at + 24);
    const nameLength = archive.readUInt16LE(at + 28);
    const extraLength = archive.readUInt16LE(at + 30);
    const commentLength = archive.readUInt16LE(at + 32);
    const localAt = archive.readUInt32LE(at + 42);
    const name = archive.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    at += 46 + nameLength + extraLength + commentLength;

    if (archive.readUInt32LE(localAt) !== 0x04034b50) throw new Error(`bad local header for ${name}`);
    const localName = archive.subarray(localAt + 30, localAt + 30 + archive.readUInt16LE(localAt + 26)).toString('utf8');
    if (localName !== name) throw new Error(`local name ${localName} differs from ${name}`);
    const dataAt = localAt + 30 + archive.readUInt16LE(localAt + 26) + archive.readUInt16LE(localAt + 28);
    const body = archive.subarray(dataAt, dataAt + compressedSize);
    const data = method === 8 ? inflateRawSync(body) : method === 0 ? Buffer.from(body) : null;
    if (!data) throw new Error(`unknown method ${method} for ${name}`);
    if (data.length !== size) throw new Error(`size of ${name} is ${data.length}, not ${size}`);
    if (crc32(data) !== crc) throw new Error(`CRC of ${name} does not match`);
    entries.push({ name, method, data });
  }
  return entries;
}

/** The text of each entry by name. */
export function unzipText(archive: Buffer): Record<string, string> {
  return Object.fromEntries(unzip(archive).map((e) => [e.name, e.data.toString('utf8')]));
}

/**
 * Every file of the archive as JSZip reads it: a reader written by others, which checks each
 * entry's CRC-32 against its data (checkCRC32) and refuses the archive when one differs.
 */
export async function readWithJszip(archive: Buffer): Promise<Record<string, Buffer>> {
  const read = await JSZip.loadAsync(archive, { checkCRC32: true });
  const files = Object.values(read.files).filter((file) => !file.dir);
  return Object.fromEntries(await Promise.all(files.map(async (file) => [file.name, await file.async('nodebuffer')] as const)));
}
