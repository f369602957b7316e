/** Files (docs/records.md): classification by extension only, accepted upload types, display names. */
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

/** The content type each accepted extension is stored and served with (and the only one allowed for it). */
export const UPLOAD_CONTENT_TYPES: Readonly<Record<(typeof ACCEPTED_UPLOAD_EXTENSIONS)[number], string>> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  png: 'image/png',
  zip: 'application/zip',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  csv: 'text/csv',
};

/** The content type for an accepted upload's name; null for anything not accepted. */
export function uploadContentType(name: string): string | null {
  const ext = fileExtension(name);
  return Object.prototype.hasOwnProperty.call(UPLOAD_CONTENT_TYPES, ext)
    ? UPLOAD_CONTENT_TYPES[ext as keyof typeof UPLOAD_CONTENT_TYPES]
    : null;
}

/** Longest original name kept in a stored name (the extension always survives the cut). */
export const MAX_UPLOAD_NAME_LENGTH = 120;
/** Longest stored name (storage key) a record may list: the prefix and the kept name. */
export const STORED_KEY_MAX_LENGTH = STORED_PREFIX_LENGTH + MAX_UPLOAD_NAME_LENGTH;
/** Longest original name an upload may ask for; safeUploadName cuts it to MAX_UPLOAD_NAME_LENGTH. */
export const UPLOAD_NAME_INPUT_MAX = 1000;

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Why an original file name cannot be uploaded, or null. A browser's File.name never holds a
 * path separator or a control character, so those are refused rather than silently rewritten.
 */
export function uploadNameProblem(name: string): string | null {
  if (name.trim() === '') return 'file_name is required';
  if (name.length > UPLOAD_NAME_INPUT_MAX) return 'file_name is too long';
  if (/[/\\]/.test(name)) return 'file_name must not contain / or \\';
  if (CONTROL.test(name)) return 'file_name must not contain control characters';
  const safe = safeUploadName(name);
  if (!isAcceptedUpload(safe)) return `Only ${ACCEPTED_UPLOAD_EXTENSIONS.join(', ')} files can be uploaded`;
  return null;
}

/**
 * The original name made safe to store and to put in a header: separators, control characters
 * and `"<>:|?*` become `_`, whitespace runs one space, no leading dots or spaces, the extension
 * (lower-cased) kept, at most MAX_UPLOAD_NAME_LENGTH characters.
 */
export function safeUploadName(name: string): string {
  let safe = name
    .normalize('NFC')
    .replace(new RegExp(CONTROL.source, 'g'), '_')
    .replace(/[/\\"<>:|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '');
  const ext = fileExtension(safe);
  const base = ext ? safe.slice(0, safe.length - ext.length - 1) : safe;
  const suffix = ext ? `.${ext}` : '';
  const room = Math.max(1, MAX_UPLOAD_NAME_LENGTH - suffix.length);
  safe = `${Array.from(base).slice(0, room).join('').trimEnd() || 'file'}${suffix}`;
  return safe;
}

/**
 * A stored name (storage key): exactly STORED_PREFIX_LENGTH lower-case letters or digits, then a
 * name that safeUploadName leaves unchanged and that is an accepted upload. The prefix is always
 * 7 characters (SPEC allows 5–7) so that displayFileName, which drops 7, gives the original name.
 */
export function isStoredFileKey(key: string): boolean {
  if (key.length <= STORED_PREFIX_LENGTH || key.length > STORED_KEY_MAX_LENGTH) return false;
  if (!/^[a-z0-9]+$/.test(key.slice(0, STORED_PREFIX_LENGTH))) return false;
  const name = key.slice(STORED_PREFIX_LENGTH);
  return safeUploadName(name) === name && isAcceptedUpload(name);
}
