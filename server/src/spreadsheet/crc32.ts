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

const POLY = 0xedb88320;

/** a × b modulo CRC-32's polynomial, bits reflected as CRC-32 holds them (zlib's multmodp). */
function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0…31. */
const X2N = (() => {
  const table = new Array<number>(32);
  let p = 0x40000000; // x^1
  table[0] = p;
  for (let k = 1; k < 32; k++) table[k] = p = multModP(p, p);
  return table;
})();

/**
 * The CRC-32 of A followed by B from the CRC of each and B's length (zlib's crc32_combine): for
 * data whose first part is known last — a worksheet whose columns are sized once every row is written.
 */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  // x^(8 × lengthB): lengthB's bits select powers x^(2^k), from k = 3 (a byte is 2^3 bits)
  let p = 0x80000000; // x^0
  for (let n = lengthB, k = 3; n > 0; n = Math.floor(n / 2), k++) if (n % 2) p = multModP(X2N[k & 31], p);
  return (multModP(p, crcA) ^ crcB) >>> 0;
}
