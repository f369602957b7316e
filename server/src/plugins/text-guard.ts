import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/**
 * Fields a person writes several lines in; only these may hold tabs and line breaks. One list for
 * every route: a new multi-line field is added here, by name, wherever it appears in a payload.
 */
export const MULTI_LINE_FIELDS: ReadonlySet<string> = new Set([
  'expenditure_justification',
  'justification',
  'description',
  'comments',
  'comment',
  'reason',
  'notes',
]);

/**
 * C0 and C1 controls (NUL included), DEL, and the bidi embeddings, overrides (U+202A–202E) and
 * isolates (U+2066–2069) that make stored text display other than it reads.
 */
const FORBIDDEN_ANYWHERE = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069';
const FORBIDDEN_SINGLE_LINE = new RegExp(`[${FORBIDDEN_ANYWHERE}\\t\\n\\r]`);
const FORBIDDEN_MULTI_LINE = new RegExp(`[${FORBIDDEN_ANYWHERE}]`);

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const codePoint = (char: string) => `U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

/** What is wrong with one text, or null. A lone surrogate cannot be stored as UTF-8 at all. */
function textProblem(text: string, multiLine: boolean): string | null {
  if (LONE_SURROGATE.test(text)) return 'contains an unpaired surrogate (not valid Unicode text)';
  const bad = (multiLine ? FORBIDDEN_MULTI_LINE : FORBIDDEN_SINGLE_LINE).exec(text)?.[0];
  if (bad === undefined) return null;
  const allowed = multiLine ? '' : '; line breaks and tabs are allowed only in multi-line fields';
  return `must not contain control or bidirectional formatting characters (found ${codePoint(bad)})${allowed}`;
}

/** Arrays and data objects: JSON's, and the query parser's (whose prototype has no prototype). */
const isPlain = (value: object) => {
  const proto = Object.getPrototypeOf(value) as object | null;
  return Array.isArray(value) || proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
};

/**
 * The first bad text (or key) in a parsed payload, as `path: problem`. Walked with a stack, not
 * recursion, so deeply nested JSON cannot overflow it; streams, buffers and other non-plain
 * objects (a multipart file) are skipped, and a value seen twice is walked once.
 */
function findBadText(root: unknown, rootName: string): string | null {
  const seen = new Set<object>();
  const stack: Array<{ value: unknown; path: string; field: string }> = [{ value: root, path: rootName, field: '' }];
  while (stack.length) {
    const { value, path, field } = stack.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value, MULTI_LINE_FIELDS.has(field));
      if (problem) return `${path}: ${problem}`;
      continue;
    }
    if (typeof value !== 'object' || value === null || seen.has(value) || !isPlain(value)) continue;
    seen.add(value);
    for (const [key, child] of Object.entries(value)) {
      const childPath = `${path}.${key}`;
      const keyProblem = Array.isArray(value) ? null : textProblem(key, false);
      if (keyProblem) return `${path}: a field name ${keyProblem}`;
      // Array items take their field's name, so comments: ['a\nb'] counts as multi-line.
      stack.push({ value: child, path: childPath, field: Array.isArray(value) ? field : key });
    }
  }
  return null;
}

/**
 * Refuses control characters, bidi overrides and lone surrogates in every route's path, query and
 * body before validation (so before any service sees them), naming the field. Registered once on
 * the root, so routes added later are covered without doing anything.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const parts: Array<[string, unknown]> = [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ];
    for (const [name, value] of parts) {
      const problem = findBadText(value, name);
      if (problem) throw new AppError('BAD_REQUEST', problem);
    }
  });
}
