import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { createTestApp, type TestApp } from '../../test-support/app';

const run = promisify(execFile);
const server = path.resolve(__dirname, '../../..');
const bin = (name: string) => path.join(server, 'node_modules/.bin', name);
const config = (name: string) => path.join(server, name);

interface Finding {
  rule: string;
  severity: string;
  where: string;
  message: string;
}

/** A linter exits non-zero on errors; its JSON report is read either way. */
async function report(file: string, args: string[]): Promise<string> {
  try {
    return (await run(file, args, { cwd: server, maxBuffer: 64 * 1024 * 1024, timeout: 60_000 })).stdout;
  } catch (error) {
    const { stdout } = error as { stdout?: string };
    if (stdout) return stdout;
    throw error;
  }
}

async function redocly(document: string): Promise<Finding[]> {
  const out = JSON.parse(await report(bin('redocly'), ['lint', document, '--config', config('redocly.yaml'), '--format=json'])) as {
    problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }>;
  };
  return out.problems.map((p) => ({ rule: p.ruleId, severity: p.severity, where: p.location[0]?.pointer ?? '', message: p.message }));
}

const SPECTRAL_SEVERITY = ['error', 'warn', 'info', 'hint'];
async function spectral(document: string): Promise<Finding[]> {
  const out = JSON.parse(
    await report(bin('spectral'), ['lint', document, '--ruleset', config('.spectral.yaml'), '--format=json', '--quiet']),
  ) as Array<{
    code: string;
    severity: number;
    message: string;
    path: string[];
  }>;
  return out.map((p) => ({ rule: p.code, severity: SPECTRAL_SEVERITY[p.severity], where: p.path.join('.'), message: p.message }));
}

/**
 * The document the server serves at /api/docs/json passes both linters the field uses, redocly's
 * recommended rules and Spectral's spectral:oas, with no error and no warning (server/redocly.yaml,
 * server/.spectral.yaml: the configurations `npx` finds in server/). The document is the same on
 * either database, so it is built once on SQLite.
 */
describe('the served OpenAPI document', () => {
  let t: TestApp;
  let document: string;
  let spec: { paths: Record<string, Record<string, { operationId?: string; security?: unknown[] }>> };
  beforeAll(async () => {
    t = await createTestApp('sqlite', { seed: false });
    const answer = await t.app.inject({ url: '/api/docs/json' });
    expect(answer.statusCode).toBe(200);
    spec = answer.json();
    document = path.join(t.dataDir, 'openapi.json');
    await fs.writeFile(document, JSON.stringify(spec, null, 2));
  });
  afterAll(() => t.close());

  it('passes redocly lint (recommended) with no error and no warning', async () => {
    expect(await redocly(document)).toEqual([]);
  }, 60_000);

  it('passes Spectral (spectral:oas) with no error and no warning', async () => {
    expect(await spectral(document)).toEqual([]);
  }, 60_000);

  it('still finds two paths one address can match: the path rule reads patterns, it does not look away', async () => {
    const loose = structuredClone(spec) as { paths: Record<string, Record<string, { parameters?: Array<{ schema?: object }> }>> };
    // a budget code that could be any word: then budget/download/balance is both a balance and a download
    for (const url of ['/api/v1/budget/{code}/balance', '/api/v1/budget/download/{code}'])
      for (const operation of Object.values(loose.paths[url]))
        for (const parameter of operation.parameters ?? []) parameter.schema = { type: 'string' };
    const file = path.join(t.dataDir, 'loose.json');
    await fs.writeFile(file, JSON.stringify(loose));
    expect((await redocly(file)).map((f) => `${f.rule} ${f.where}`)).toEqual([
      'imprest/no-ambiguous-paths #/paths/~1api~1v1~1budget~1download~1{code}',
    ]);
  }, 60_000);

  it('documents the answers the guard gives before a route runs, and how a download is named', async () => {
    type Answers = Record<string, { headers?: Record<string, unknown> }>;
    const answers = (method: string, url: string) => (spec.paths[url][method] as unknown as { responses: Answers }).responses;
    // a staff member asking an admin route is answered 404, as for a missing object
    for (const url of ['/api/v1/reviews/queue', '/api/v1/reviews/queue/requests', '/api/v1/delegations'])
      expect(Object.keys(answers('get', url))).toEqual(expect.arrayContaining(['401', '404']));
    const downloads = Object.entries(spec.paths).flatMap(([url, methods]) =>
      Object.entries(methods).flatMap(([method]) => (/download/.test(url) ? [answers(method, url)['200']] : [])),
    );
    expect(downloads.length).toBeGreaterThanOrEqual(5);
    for (const answer of downloads) expect(Object.keys(answer.headers ?? {})).toEqual(['Content-Disposition']);
    // the health check's documented 400 is real: the text guard refuses a control character in any query
    expect((await t.app.inject({ url: '/api/v1/health?probe=%01' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/docs/license' })).body).toMatch(/^Imprest is proprietary software/);
  });

  it('names every operation once and says how it is authorised', () => {
    const operations = Object.entries(spec.paths).flatMap(([url, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ at: `${method} ${url}`, ...op })),
    );
    const ids = operations.map((op) => op.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.filter((op) => !Array.isArray(op.security)).map((op) => op.at)).toEqual([]);
    // the public calls say so; a signed-in one names the token
    expect(spec.paths['/api/v1/users/authenticate'].post.security).toEqual([]);
    expect(spec.paths['/api/v1/users/{id}'].delete.security).toEqual([{ bearer: [] }, { token: [] }]);
  });
});
