import * as zlib from 'node:zlib';

/** CRC-32 (IEEE 802.3, as ZIP uses it), table-driven: the fallback where zlib has no crc32 (Node < 22.2). */
const TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function tableCrc32(data: Uint8Array, previous: number): number {
  let crc = (previous ^ 0xffffffff) >>> 0;
  for (let i = 0; i < data.length; i++) crc = TABLE[(crc ^ data[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

// zlib's own is native and several times faster on a 40 MB worksheet
const native = (zlib as { crc32?: (data: Uint8Array, value?: number) => number }).crc32;

/** The CRC-32 of `data`, continuing from `previous` (the CRC of what came before it) when given. */
export function crc32(data: Uint8Array, previous = 0): number {
  return native ? native(data, previous) : tableCrc32(data, previous);
}
