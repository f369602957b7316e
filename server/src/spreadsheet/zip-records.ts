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

export function localHeader(e: EntryRecord): Buffer {
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(VERSION, 4);
  local.writeUInt16LE(e.flags, 6);
  local.writeUInt16LE(e.method, 8);
  local.writeUInt16LE(e.stamp.time, 10);
  local.writeUInt16LE(e.stamp.date, 12);
  local.writeUInt32LE(e.crc, 14);
  local.writeUInt32LE(e.compressedSize, 18);
  local.writeUInt32LE(e.size, 22);
  local.writeUInt16LE(e.name.length, 26);
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

export function centralHeader(e: EntryRecord): Buffer {
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(VERSION, 4);
  central.writeUInt16LE(VERSION, 6);
  central.writeUInt16LE(e.flags, 8);
  central.writeUInt16LE(e.method, 10);
  central.writeUInt16LE(e.stamp.time, 12);
  central.writeUInt16LE(e.stamp.date, 14);
  central.writeUInt32LE(e.crc, 16);
  central.writeUInt32LE(e.compressedSize, 20);
  central.writeUInt32LE(e.size, 24);
  central.writeUInt16LE(e.name.length, 28);
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
