import type { LightMyRequestResponse } from 'fastify';

/**
 * One limit of the API: the call with a value at the limit, and one a character or an item past it.
 * `message` is the whole 400 the server must answer past it; `written` counts what a call stores,
 * so a refusal is seen to write nothing.
 */
export interface LimitCase {
  name: string;
  /** What the call needs first (a request to review), made before anything is counted. */
  prepare?: () => Promise<void>;
  send: (value: unknown) => Promise<LightMyRequestResponse>;
  /** The values, or functions giving them once the suite's data exists. */
  at: unknown;
  past: unknown;
  message: string;
  /** Where the served OpenAPI document states it: [method, path, property chain from the body schema, keyword, value]. */
  documented?: [method: string, path: string, field: string[], keyword: string, limit: unknown];
  written: () => Promise<unknown>;
}

export const text = (length: number, fill = 'x') => fill.repeat(length);

type Schema = { properties?: Record<string, Schema>; items?: Schema; [keyword: string]: unknown };
type Document = { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>> };

/** The value a keyword has on a body field in the served document (items of an array body are stepped into). */
function documentedLimit(document: Document, [method, path, field, keyword]: NonNullable<LimitCase['documented']>): unknown {
  let schema = document.paths[path]?.[method]?.requestBody?.content['application/json']?.schema;
  for (const name of field) schema = name === '[]' ? schema?.items : schema?.properties?.[name];
  return schema?.[keyword];
}

/** Runs every case: past the limit a 400 naming it that writes nothing, at the limit success, and the document agrees. */
export function checkLimits(cases: () => LimitCase[], document: () => Promise<Document>): void {
  it.each(cases().map((c) => [c.name, c] as const))('%s: refuses one past the limit, naming it, and takes the limit', async (_name, c) => {
    await c.prepare?.();
    const before = await c.written();
    const value = (v: unknown) => (typeof v === 'function' ? (v as () => unknown)() : v);
    const refused = await c.send(value(c.past));
    expect([refused.statusCode, refused.json()]).toEqual([400, expect.objectContaining({ error: c.message, code: 'BAD_REQUEST' })]);
    expect(await c.written()).toEqual(before);
    const taken = await c.send(value(c.at));
    expect({ status: taken.statusCode < 300 ? 'taken' : taken.body }).toEqual({ status: 'taken' });
    if (c.documented) expect(documentedLimit(await document(), c.documented)).toEqual(c.documented[4]);
  });
}

/** A text field's case: `limit` characters taken, one more refused as `body.<path>: must be at most <limit> characters`. */
export function textCase(c: Omit<LimitCase, 'at' | 'past' | 'message'> & { path: string; limit: number; fill?: string }): LimitCase {
  const { path, limit, fill, ...rest } = c;
  return { ...rest, at: text(limit, fill), past: text(limit + 1, fill), message: `body.${path}: must be at most ${limit} characters` };
}
