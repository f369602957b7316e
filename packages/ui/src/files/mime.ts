import { UPLOAD_CONTENT_TYPES, fileExtension } from '@imprest/domain';

/** Content types by extension for what the preview can show (docs/records.md classification). */
const MORE_TYPES: Record<string, string> = {
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
  dot: 'application/msword',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain',
};

/** The content type a file name's extension gives; never a type a browser would run (HTML, SVG). */
export function contentTypeFor(name: string): string {
  const ext = fileExtension(name);
  return (UPLOAD_CONTENT_TYPES as Record<string, string>)[ext] ?? MORE_TYPES[ext] ?? 'application/octet-stream';
}

/** The same bytes typed by the name's extension (a store may answer octet-stream). */
export function typedBlob(blob: Blob, name: string): Blob {
  const type = contentTypeFor(name);
  return blob.type === type ? blob : new Blob([blob], { type });
}
