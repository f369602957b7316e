/** Files (SPEC §3): classification by extension only, accepted upload types, display names. */
export const ACCEPTED_UPLOAD_EXTENSIONS = ['pdf', 'jpg', 'png', 'zip', 'doc', 'docx', 'xlsx', 'xls', 'csv'] as const;
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export type FileKind = 'image' | 'msdoc' | 'pdf' | 'zip' | 'none';

const KINDS: Record<string, FileKind> = {
  png: 'image',
  jpeg: 'image',
  jpg: 'image',
  gif: 'image',
  bmp: 'image',
  webp: 'image',
  doc: 'msdoc',
  docx: 'msdoc',
  xls: 'msdoc',
  xlsx: 'msdoc',
  dot: 'msdoc',
  ppt: 'msdoc',
  pptx: 'msdoc',
  pdf: 'pdf',
  zip: 'zip',
};

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}

export function fileKind(name: string): FileKind {
  return KINDS[fileExtension(name)] ?? 'none';
}

export function isAcceptedUpload(name: string, csvOnly = false): boolean {
  const ext = fileExtension(name);
  return csvOnly ? ext === 'csv' : (ACCEPTED_UPLOAD_EXTENSIONS as readonly string[]).includes(ext);
}

/** Stored names carry a random 5–7 character prefix; the display name drops the first 7 characters. */
export const STORED_PREFIX_LENGTH = 7;

export function displayFileName(storedName: string): string {
  return storedName.slice(STORED_PREFIX_LENGTH);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
