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
