import { randomBytes } from 'node:crypto';
import { crc32 as zlibCrc32 } from 'node:zlib';
import { crc32, crc32Combine } from '../crc32';

describe("the ZIP writer's CRC-32", () => {
  it('agrees with zlib on the standard check value, empty input and random buffers, whole and in pieces', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array(0))).toBe(0);
    for (const size of [1, 7, 64, 1000, 65_537]) {
      const data = randomBytes(size);
      expect(crc32(data)).toBe(zlibCrc32(data));
      const cut = Math.floor(size / 3);
      expect(crc32(data.subarray(cut), crc32(data.subarray(0, cut)))).toBe(zlibCrc32(data));
    }
  });

  it('combines the CRCs of two parts into the CRC of both, whatever their lengths', () => {
    for (const [a, b] of [
      [0, 0],
      [0, 5],
      [5, 0],
      [1, 1],
      [3_000, 1],
      [17, 70_000],
      [1_000, 1 << 20],
    ]) {
      const first = randomBytes(a);
      const second = randomBytes(b);
      expect([a, b, crc32Combine(crc32(first), crc32(second), b)]).toEqual([a, b, zlibCrc32(Buffer.concat([first, second]))]);
    }
  });
});
