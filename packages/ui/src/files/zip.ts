import JSZip from 'jszip';
import { contentTypeFor } from './mime';

/** One file of a ZIP, unzipped: a blob typed by its extension. */
export interface ZipEntry {
  /** The path inside the archive (folders joined with /). */
  path: string;
  /** The last part of the path: the name to show and to save under. */
  name: string;
  size: number;
  blob: Blob;
}

/** Limits against an archive that unpacks far larger than it is (a zip bomb). */
const ZIP_LIMITS = { maxEntries: 500, maxTotalBytes: 200 * 1024 * 1024 };

function isJunk(path: string): boolean {
  return path.startsWith('__MACOSX/') || /(^|\/)\.DS_Store$/.test(path);
}

/**
 * Lists and unzips an archive into named, typed blobs (folders and macOS metadata left out),
 * sorted by path. Rejects when the archive is not a ZIP or is larger unpacked than ZIP_LIMITS.
 */
export async function listZip(data: Blob | ArrayBuffer | Uint8Array, limits = ZIP_LIMITS): Promise<ZipEntry[]> {
  const zip = await JSZip.loadAsync(data);
  const files = Object.values(zip.files).filter((entry) => !entry.dir && !isJunk(entry.name));
  if (files.length > limits.maxEntries) throw new Error(`The archive holds more than ${limits.maxEntries} files`);
  files.sort((a, b) => a.name.localeCompare(b.name));
  const entries: ZipEntry[] = [];
  let total = 0;
  for (const file of files) {
    // the size the archive declares, checked before inflating; the real size after
    const declared = (file as unknown as { _data?: { uncompressedSize?: number } })._data?.uncompressedSize ?? 0;
    if (total + declared > limits.maxTotalBytes) throw new Error('The archive is too large to open here');
    const bytes = await file.async('arraybuffer');
    total += bytes.byteLength;
    if (total > limits.maxTotalBytes) throw new Error('The archive is too large to open here');
    const name = file.name.split('/').pop() || file.name;
    entries.push({ path: file.name, name, size: bytes.byteLength, blob: new Blob([bytes], { type: contentTypeFor(name) }) });
  }
  return entries;
}
