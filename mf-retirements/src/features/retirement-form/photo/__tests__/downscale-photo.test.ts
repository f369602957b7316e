import { RECEIPT_PHOTO, attempts, downscalePhoto, fitWithin, jpegName } from '../downscale-photo';

/** The sizing math; the real decoding and encoding run in Chromium (e2e/tests/retirement-receipts.spec.ts). */
describe('a receipt photo made small on the device', () => {
  it('fits the longest side in 1600 px, keeping the proportions', () => {
    expect(fitWithin({ width: 4000, height: 3000 }, RECEIPT_PHOTO.maxSide)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin({ width: 3024, height: 4032 }, RECEIPT_PHOTO.maxSide)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin({ width: 12000, height: 300 }, RECEIPT_PHOTO.maxSide)).toEqual({ width: 1600, height: 40 });
  });

  it('never enlarges a small photo, and never makes a side 0', () => {
    expect(fitWithin({ width: 800, height: 600 }, RECEIPT_PHOTO.maxSide)).toEqual({ width: 800, height: 600 });
    expect(fitWithin({ width: 100_000, height: 10 }, RECEIPT_PHOTO.maxSide)).toEqual({ width: 1600, height: 1 });
  });

  it('tries the best quality first, then lower, then a smaller size', () => {
    expect(attempts({ width: 4000, height: 3000 })).toEqual([
      { width: 1600, height: 1200, quality: 0.8 },
      { width: 1600, height: 1200, quality: 0.72 },
      { width: 1600, height: 1200, quality: 0.64 },
      { width: 1280, height: 960, quality: 0.8 },
      { width: 1280, height: 960, quality: 0.72 },
      { width: 1280, height: 960, quality: 0.64 },
    ]);
  });

  it('names the result .jpg, the extension uploads accept', () => {
    expect(jpegName('IMG_0042.jpeg')).toBe('IMG_0042.jpg');
    expect(jpegName('IMG_0042.HEIC')).toBe('IMG_0042.jpg');
    expect(jpegName('image')).toBe('image.jpg');
    expect(jpegName('.jpg')).toBe('receipt.jpg');
    expect(jpegName('shop.receipt.png')).toBe('shop.receipt.jpg');
  });

  it('hands a photo back as it is where the browser cannot decode it, a JPEG renamed .jpg', async () => {
    // jsdom has no createImageBitmap: the upload's own type and size checks then decide
    const jpeg = await downscalePhoto(new File([new Uint8Array([0xff, 0xd8, 0xff])], 'IMG_1.jpeg', { type: 'image/jpeg' }));
    expect([jpeg.name, jpeg.type, jpeg.size]).toEqual(['IMG_1.jpg', 'image/jpeg', 3]);
    const heic = new File(['heic'], 'IMG_2.heic', { type: 'image/heic' });
    expect(await downscalePhoto(heic)).toBe(heic);
  });
});
