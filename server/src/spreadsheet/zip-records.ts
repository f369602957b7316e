/** The fixed records of a ZIP archive (PKWARE APPNOTE 6.3, no ZIP64), shared by zip and zipStream. */

export const STORED = 0;
export const DEFLATED = 8;
/** Bit 3: CRC and sizes follow the data (data descriptor), as a streamed entry only knows them then. */
export const DATA_DESCRIPTOR = 0x0008;
/** Bit 11: names are UTF-8. */
export const UTF8_NAMES = 0x0800;
const VERSION = 20;

export interface DosStamp {
  time: number;
  date: number;
}

/** MS-DOS time and date fields (local time, two-second steps, from 1980). */
export function dosDateTime(date: Date): DosStamp {
  const year = Math.max(1980, date.getFullYear());
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

/** One entry as both headers describe it. */
export interface EntryRecord {
  name: Buffer;
  flags: number;
  method: number;
  stamp: DosStamp;
  crc: number;
  compressedSize: number;
  size: number;
  /** Where its local header starts in the archive. */
  offset: number;
}

/**
 * The fields the local and the central header share, in the same order (APPNOTE 4.3.7 and 4.3.12):
 * flags, method, time, date, CRC, compressed and uncompressed size, name length, from `at` on.
 */
function writeEntryFields(header: Buffer, e: EntryRecord, at: number) {
  header.writeUInt16LE(e.flags, at);
  header.writeUInt16LE(e.method, at + 2);
  header.writeUInt16LE(e.stamp.time, at + 4);
  header.writeUInt16LE(e.stamp.date, at + 6);
  header.writeUInt32LE(e.crc, at + 8);
  header.writeUInt32LE(e.compressedSize, at + 12);
  header.writeUInt32LE(e.size, at + 16);
  header.writeUInt16LE(e.name.length, at + 20);
}

export function localHeader(e: EntryRecord): Buffer {
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(VERSION, 4);
  writeEntryFields(local, e, 6);
  local.writeUInt16LE(0, 28);
  return Buffer.concat([local, e.name]);
}

/** Signature, CRC, compressed and uncompressed size, after a streamed entry's data. */
export function dataDescriptor(e: EntryRecord): Buffer {
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(e.crc, 4);
  descriptor.writeUInt32LE(e.compressedSize, 8);
  descriptor.writeUInt32LE(e.size, 12);
  return descriptor;
}

function centralHeader(e: EntryRecord): Buffer {
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(VERSION, 4);
  central.writeUInt16LE(VERSION, 6);
  writeEntryFields(central, e, 8);
  // extra field, comment, disk number, internal and external attributes stay 0
  central.writeUInt32LE(e.offset, 42);
  return Buffer.concat([central, e.name]);
}

/** The central directory of `entries`, which starts at `offset`, and the end record after it. */
export function directoryAndEnd(entries: readonly EntryRecord[], offset: number): Buffer {
  const directory = Buffer.concat(entries.map(centralHeader));
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([directory, end]);
}
