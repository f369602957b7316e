import type { FastifyInstance } from 'fastify';
import { createTestApp, DIALECTS, type TestApp } from '../../test-support/app';
import { authHeaders, signIn } from '../../test-support/http';

type Schema = {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  items?: Schema;
  minItems?: number;
  minLength?: number;
  format?: string;
  pattern?: string;
};
type Parameter = { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema?: Schema };
type Operation = { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } };
type Document = { paths: Record<string, Record<string, Operation>> };

/**
 * Numbers no id, page or limit may be: the largest PostgreSQL's integer holds (it passes validation
 * and must meet the database as any other id), past it (2^31), past JavaScript's safe
 * integers, past a double's integers, and as JSON's largest number. Sent where the OpenAPI
 * document says a number (or a path segment) goes, each must be refused as the caller's mistake
 * (4xx with {error, code}) on both databases, never "500 Something went wrong".
 */
const BAD = ['2147483647', '2147483648', '9999999999', '99999999999999999999', '1e308', '-1', '0'];

const MARK = '__BAD_NUMBER__';

/** A value the schema accepts where one is easy to make: numbers are 1. */
function sample(schema: Schema | undefined): unknown {
  if (!schema) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return sample(options.find((o) => o.type !== 'null') ?? options[0]);
  switch (schema.type) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items));
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sample(v)]));
    case 'string':
      if (schema.format === 'date' || schema.pattern?.includes('\\d{4}-')) return '2026-01-15';
      if (schema.format === 'email') return 'nobody@example.org';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    default:
      return 'x';
  }
}

/** Where a number goes in a body: paths to each integer or number leaf (first array item, first union option). */
function numberSlots(schema: Schema | undefined, at: (string | number)[] = []): (string | number)[][] {
  if (!schema || schema.enum || schema.const !== undefined) return [];
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return numberSlots(options.find((o) => o.type !== 'null') ?? options[0], at);
  if (schema.type === 'integer' || schema.type === 'number') return [at];
  if (schema.type === 'array') return numberSlots(schema.items, [...at, 0]);
  if (schema.type === 'object') return Object.entries(schema.properties ?? {}).flatMap(([k, v]) => numberSlots(v, [...at, k]));
  return [];
}

function withMark(value: unknown, at: (string | number)[]): unknown {
  if (at.length === 0) return MARK;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[at[0]!] = withMark(copy[at[0]!], at.slice(1));
  return copy;
}

/** Free text in a path or query (ids arrive as text in paths) and numbers can carry a bad number. */
const carries = (p: Parameter) =>
  p.schema?.type === 'integer' ||
  p.schema?.type === 'number' ||
  (p.schema?.type === 'string' && !p.schema.enum && !p.schema.format) ||
  !p.schema;

/**
 * Every operation of the document as requests each carrying `bad` in one place — one path
 * segment, query parameter or body number — with everything else plausible, so the bad number
 * is what the server meets first.
 */
function requestsOf(document: Document, bad: string) {
  const calls: { operation: string; method: string; url: string; payload?: string }[] = [];
  for (const [template, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = (operation.parameters ?? []).filter((p) => p.in !== 'header');
      const pathParameter = (name: string) => parameters.find((p) => p.name === name && p.in === 'path') ?? { name, in: 'path' as const };
      const names = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      const json = operation.requestBody?.content?.['application/json']?.schema;
      const body = json ? sample(json) : undefined;
      const build = (badParameter: Parameter | null, badBody: (string | number)[] | null) => {
        const value = (p: Parameter) => (p === badParameter ? bad : String(sample(p.schema)));
        const url = template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(value(pathParameter(name))));
        const query = parameters
          .filter((p) => p.in === 'query' && (p.required || p === badParameter))
          .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(value(p))}`)
          .join('&');
        calls.push({
          operation: `${method.toUpperCase()} ${template}`,
          method: method.toUpperCase(),
          url: query ? `${url}?${query}` : url,
          // the bad number goes in as JSON text, so 1e308 and 20 digits arrive as written
          ...(json ? { payload: JSON.stringify(badBody ? withMark(body, badBody) : body).replace(`"${MARK}"`, bad) } : {}),
        });
      };
      for (const p of [...names.map(pathParameter), ...parameters.filter((q) => q.in === 'query')]) if (carries(p)) build(p, null);
      for (const slot of numberSlots(json)) build(null, slot);
    }
  }
  return calls;
}

const ROLES = ['director@example.org', 'finance_officer@example.org', 'staff@example.org', 'admin@example.org'];

/** Signs in again when an operation (sign-out, a password change) ended the session. */
async function session(app: FastifyInstance, email: string) {
  let token = (await signIn(app, email)).token;
  return {
    async send(call: { method: string; url: string; payload?: string }) {
      const inject = () =>
        app.inject({
          method: call.method as 'GET',
          url: call.url,
          headers: { ...authHeaders(token), ...(call.payload !== undefined && { 'content-type': 'application/json' }) },
          ...(call.payload !== undefined && { payload: call.payload }),
        });
      const first = await inject();
      if (first.statusCode !== 401) return first;
      token = (await signIn(app, email)).token;
      return inject();
    },
  };
}

describe.each(DIALECTS)('numbers out of range on every operation of the OpenAPI document (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('documents a maximum for every whole number a request carries', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json() as Document;
    const unbounded: string[] = [];
    const walk = (schema: unknown, where: string): void => {
      if (Array.isArray(schema)) return schema.forEach((item, i) => walk(item, `${where}[${i}]`));
      if (schema === null || typeof schema !== 'object') return;
      const node = schema as Record<string, unknown>;
      if (node.type === 'integer' && node.maximum === undefined) unbounded.push(where);
      for (const [key, value] of Object.entries(node)) walk(value, `${where}.${key}`);
    };
    for (const [template, methods] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(methods)) {
        walk(operation.parameters, `${method.toUpperCase()} ${template} parameters`);
        walk(operation.requestBody, `${method.toUpperCase()} ${template} body`);
      }
    expect(unbounded).toEqual([]);
  });

  it.each(BAD)(
    '%s: never a 500, always {error, code} when refused',
    async (bad) => {
      const document = (await t.app.inject({ url: '/api/docs/json' })).json() as Document;
      const calls = requestsOf(document, bad).filter((c) => c.url.startsWith('/api/v1/'));
      expect(calls.length).toBeGreaterThan(50);
      // permission checks come before lookups: each role reaches the operations it may call
      const callers = await Promise.all(ROLES.map((email) => session(t.app, email)));
      const failures: string[] = [];
      const statuses: Record<number, number> = {};
      for (const call of calls)
        for (const caller of callers) {
          const response = await caller.send(call);
          statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
          const body = response.headers['content-type']?.toString().startsWith('application/json') ? response.json() : null;
          if (response.statusCode >= 500)
            failures.push(`${call.operation} ${call.url} → ${response.statusCode} ${response.body.slice(0, 120)}`);
          else if (response.statusCode >= 400 && !(typeof body?.error === 'string' && typeof body?.code === 'string'))
            failures.push(`${call.operation} ${call.url} → ${response.statusCode} without {error, code}: ${response.body.slice(0, 120)}`);
        }
      // most are refused at the schema; 2147483647 passes it and reaches the database
      expect(statuses[500]).toBeUndefined();
      expect(failures).toEqual([]);
    },
    120_000,
  );
});
