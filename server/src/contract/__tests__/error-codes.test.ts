import fs from 'node:fs/promises';
import path from 'node:path';
import { ACTED_FIRST_CODES, ERROR_CODES } from '@imprest/domain';
import { statusFor } from '../../errors';
import { createTestApp, type TestApp } from '../../test-support/app';

const SERVER_SRC = path.resolve(__dirname, '../..');
const CONTRACTS = path.resolve(__dirname, '../../../../docs/contracts.md');

/** The fallbacks a failure with no code of its own answers; every other code must be raised somewhere. */
const GENERIC = ['BAD_REQUEST', 'CONFLICT', 'FORBIDDEN', 'UNPROCESSABLE', 'PAYLOAD_TOO_LARGE'];

/**
 * Codes the server's own source sends: the first argument of `new AppError`, the code given to
 * `conflict`/`forbidden` or a review link's `closed`, a `[message, code]` refusal pair, and every
 * `code: '…'` of a body written by hand. TypeScript holds the first kinds to ErrorCode already;
 * this catches a body built as plain JSON, and a code the enum has but nothing raises.
 */
const PATTERNS = [
  /new AppError\(\s*'([A-Z][A-Z_]+)'/g,
  /,\s*'([A-Z][A-Z_]+)',?\s*\)/g,
  /\[\s*[\w.]+,\s*'([A-Z][A-Z_]+)'\s*\]/g,
  /\bcode:\s*'([A-Z][A-Z_]+)'/g,
  /\?\s*'([A-Z][A-Z_]+)'\s*:\s*'([A-Z][A-Z_]+)'/g,
  /^\s*'([A-Z][A-Z_]+)',?\s*\)/g,
];
// the last argument of a wrapped call stands on its own line, before the closing parenthesis
const CALLS = /new AppError|conflict\(|forbidden\(|closed\(|code:|\[\s*[\w.]+,\s*'[A-Z]|^\s*'[A-Z][A-Z_]+',?\s*\)/;

async function codesInSource(): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const files = (await fs.readdir(SERVER_SRC, { recursive: true })).map((name) => path.join(SERVER_SRC, name));
  for (const file of files) {
    if (!file.endsWith('.ts') || /__tests__|test-support|\.test\.ts$|\.d\.ts$/.test(file)) continue;
    // a call's arguments may wrap: each line is read with the one after it
    const lines = (await fs.readFile(file, 'utf8')).split('\n');
    for (const [index, first] of lines.entries()) {
      const line = `${first} ${lines[index + 1]?.trim() ?? ''}`;
      if (!CALLS.test(line) || /^\s*(\*|\/\/)/.test(first)) continue;
      for (const pattern of PATTERNS)
        for (const match of line.matchAll(pattern))
          for (const code of match.slice(1)) if (code) found.set(code, path.relative(SERVER_SRC, file));
    }
  }
  return found;
}

/** `| \`CODE\` | 409 | … |` rows of docs/contracts.md §Error codes. */
async function documentedCodes(): Promise<Map<string, number>> {
  const text = await fs.readFile(CONTRACTS, 'utf8');
  const section = text.slice(text.indexOf('## Error codes'));
  const end = section.indexOf('\n## ', 3);
  const rows = [...section.slice(0, end < 0 ? undefined : end).matchAll(/^\| `([A-Z_]+)` \| (\d{3}) \|/gm)];
  return new Map(rows.map((row) => [row[1], Number(row[2])]));
}

type Schema = { properties?: Record<string, { enum?: unknown[] }> } & Record<string, unknown>;

/** Every `code` property with an enum, anywhere in the document (the shared error schema and any inline copy). */
function codeEnums(node: unknown, out: unknown[][] = []): unknown[][] {
  if (Array.isArray(node)) node.forEach((item) => codeEnums(item, out));
  else if (node && typeof node === 'object') {
    const schema = node as Schema;
    const code = schema.properties?.code;
    if (code?.enum) out.push(code.enum);
    Object.values(schema).forEach((value) => codeEnums(value, out));
  }
  return out;
}

describe('error codes: one enum, sent by the server, listed by the OpenAPI document and docs/contracts.md', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('lists the enum as the error schema’s code in the served document', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json();
    const enums = codeEnums(document);
    const whole = enums.filter((listed) => listed.length === ERROR_CODES.length);
    // every error answer but health's, whose 503 names the one or two codes it can carry
    expect(whole.length).toBeGreaterThan(enums.length - 5);
    for (const listed of whole) expect([...listed].sort()).toEqual([...ERROR_CODES].sort());
    for (const listed of enums) expect(listed.filter((code) => !(ERROR_CODES as readonly unknown[]).includes(code))).toEqual([]);
  });

  it('raises only codes of the enum, and every domain code somewhere', async () => {
    const sent = await codesInSource();
    const unknown = [...sent].filter(([code]) => !(ERROR_CODES as readonly string[]).includes(code));
    expect(unknown).toEqual([]);
    const neverRaised = ERROR_CODES.filter((code) => !GENERIC.includes(code) && !sent.has(code));
    expect(neverRaised).toEqual([]);
  });

  it('gives each code one status, as docs/contracts.md’s table says', async () => {
    const documented = await documentedCodes();
    expect([...documented.keys()].sort()).toEqual([...ERROR_CODES].sort());
    for (const code of ERROR_CODES) expect([code, documented.get(code)]).toEqual([code, statusFor(code)]);
    // an acted-first code is a conflict with somebody else's change, never a refusal of the values
    for (const code of ACTED_FIRST_CODES) expect([code, statusFor(code)]).toEqual([code, 409]);
  });
});
