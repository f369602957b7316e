import { http } from '../http';

/**
 * The file name a Content-Disposition header gives (RFC 6266: filename* in UTF-8 wins over
 * filename), without any folder part; the fallback when there is none.
 */
export function filenameFromDisposition(header: string | null | undefined, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  let name: string | undefined;
  if (extended) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/i.exec(header);
    name = plain ? (plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain[1].trim()) : undefined;
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : fallback;
}

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/** GETs a file (a spreadsheet) and names it as the server's Content-Disposition does. */
export async function fetchDownload(path: string, fallback: string, params?: Record<string, unknown>): Promise<DownloadedFile> {
  const response = await http.get<Blob>(path, { responseType: 'blob', params });
  const disposition = response.headers['content-disposition'];
  return { blob: response.data, filename: filenameFromDisposition(typeof disposition === 'string' ? disposition : null, fallback) };
}
