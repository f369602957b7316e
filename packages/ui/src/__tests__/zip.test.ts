import JSZip from 'jszip';
import { listZip } from '../files/zip';

async function realZip(): Promise<ArrayBuffer> {
  const zip = new JSZip();
  zip.file('receipts/fuel.pdf', '%PDF-1.4 fuel');
  zip.file('receipts/hotel.JPG', new Uint8Array([0xff, 0xd8, 0xff, 0xe0]));
  zip.file('notes.txt', 'paid in cash');
  zip.file('__MACOSX/receipts/._fuel.pdf', 'metadata');
  zip.folder('empty');
  return zip.generateAsync({ type: 'arraybuffer', compression: 'DEFLATE' });
}

const text = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });

describe('listZip', () => {
  it('unzips a real archive into named blobs typed by extension, without folders or macOS metadata', async () => {
    const entries = await listZip(new Uint8Array(await realZip()));
    expect(entries.map(({ path, name, size }) => ({ path, name, size }))).toEqual([
      { path: 'notes.txt', name: 'notes.txt', size: 12 },
      { path: 'receipts/fuel.pdf', name: 'fuel.pdf', size: 13 },
      { path: 'receipts/hotel.JPG', name: 'hotel.JPG', size: 4 },
    ]);
    expect(entries.map((e) => e.blob.type)).toEqual(['text/plain', 'application/pdf', 'image/jpeg']);
    expect(await text(entries[1].blob)).toBe('%PDF-1.4 fuel');
  });

  it('reads a Blob as the preview hands it over', async () => {
    const entries = await listZip(new Blob([await realZip()], { type: 'application/zip' }));
    expect(entries).toHaveLength(3);
  });

  it('refuses what is not a ZIP and an archive larger unpacked than the limit', async () => {
    await expect(listZip(new TextEncoder().encode('not a zip'))).rejects.toThrow();
    await expect(listZip(await realZip(), { maxEntries: 500, maxTotalBytes: 20 })).rejects.toThrow('The archive is too large to open here');
    await expect(listZip(await realZip(), { maxEntries: 2, maxTotalBytes: 1000 })).rejects.toThrow('more than 2 files');
  });
});
