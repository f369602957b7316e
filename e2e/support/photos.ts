// Photo-like receipt JPEGs made in the browser (a camera's size and weight), and a JPEG's dimensions read from its bytes.
import type { Page } from '@playwright/test';

/**
 * A phone-camera-like photo of a till receipt on a table: `width`×`height`, sensor-like noise over
 * everything (so it weighs what a camera JPEG weighs, megabytes), the paper slightly turned, printed
 * lines of items and a total. Encoded by the browser at quality 0.92, as cameras do.
 */
export async function receiptPhoto(page: Page, { width, height, shop }: { width: number; height: number; shop: string }): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ width, height, shop }) => {
      const canvas = new OffscreenCanvas(width, height);
      const g = canvas.getContext('2d')!;
      const table = g.createLinearGradient(0, 0, width, height);
      table.addColorStop(0, '#6b4a2f');
      table.addColorStop(1, '#3e2a1a');
      g.fillStyle = table;
      g.fillRect(0, 0, width, height);
      const paperW = Math.min(width, height) * 0.62;
      const paperH = Math.max(width, height) * 0.82 * (height > width ? 1 : 0.95);
      g.save();
      g.translate(width / 2, height / 2);
      g.rotate(0.04);
      g.shadowColor = 'rgba(0,0,0,0.45)';
      g.shadowBlur = 40;
      g.fillStyle = '#f3f0e8';
      g.fillRect(-paperW / 2, -paperH / 2, paperW, paperH);
      g.shadowBlur = 0;
      g.fillStyle = '#2b2b2b';
      const line = paperH / 34;
      const left = -paperW / 2 + paperW * 0.08;
      const right = paperW / 2 - paperW * 0.08;
      let y = -paperH / 2 + line * 2;
      const text = (t: string, size: number, align: CanvasTextAlign = 'left', x = left, bold = false) => {
        g.font = `${bold ? 'bold ' : ''}${Math.round(size)}px monospace`;
        g.textAlign = align;
        g.fillText(t, x, y);
      };
      text(shop.toUpperCase(), line * 0.9, 'center', 0, true);
      y += line * 1.2;
      text('P.O. BOX 1234, DAR ES SALAAM  TIN 100-234-567', line * 0.55, 'center', 0);
      y += line * 1.2;
      text('RECEIPT NO. 004219     28/11/2026 09:30', line * 0.6);
      y += line * 1.5;
      const items = [
        ['Bus fare DAR-ARUSHA', '35,000.00'],
        ['Luggage', '5,000.00'],
        ['Lodging 1 night', '12,000.00'],
        ['Meals', '4,500.00'],
        ['Taxi to office', '2,000.00'],
      ];
      for (const [name, amount] of items) {
        text(name, line * 0.7);
        text(amount, line * 0.7, 'right', right);
        y += line * 1.3;
      }
      y += line * 0.5;
      g.fillRect(left, y - line * 0.6, right - left, 3);
      y += line;
      text('TOTAL TZS', line * 0.85, 'left', left, true);
      text('58,500.00', line * 0.85, 'right', right, true);
      y += line * 1.6;
      text('PAID CASH          VAT INCLUDED', line * 0.6);
      y += line * 2;
      for (let x = left; x < right; x += line * 0.18) g.fillRect(x, y, (x * 7) % 3 < 1.5 ? 4 : 9, line * 1.6);
      y += line * 3;
      text('ASANTE - THANK YOU', line * 0.7, 'center', 0, true);
      g.restore();
      // sensor noise and an uneven light, as a phone photo has
      const pixels = g.getImageData(0, 0, width, height);
      const d = pixels.data;
      let seed = 7;
      for (let i = 0; i < d.length; i += 4) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        const n = ((seed >> 8) % 25) - 12;
        const p = i / 4;
        const light = 1 - 0.18 * ((p % width) / width);
        d[i] = Math.max(0, Math.min(255, d[i] * light + n));
        d[i + 1] = Math.max(0, Math.min(255, d[i + 1] * light + n));
        d[i + 2] = Math.max(0, Math.min(255, d[i + 2] * light + n));
      }
      g.putImageData(pixels, 0, 0);
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(binary);
    },
    { width, height, shop },
  );
  return Buffer.from(base64, 'base64');
}

/** A JPEG's width and height from its frame header; throws when the bytes are not a JPEG. */
export function jpegSize(bytes: Buffer): { width: number; height: number } {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) throw new Error('not a JPEG');
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) throw new Error(`no JPEG marker at ${at}`);
    const marker = bytes[at + 1];
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  throw new Error('no JPEG frame header');
}
