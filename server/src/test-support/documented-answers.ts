import Ajv, { type ValidateFunction } from 'ajv';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: object }> }> };
type Document = { paths: Record<string, Record<string, Operation>> };

export interface CheckedAnswer {
  operation: string;
  status: number;
  problems: string[];
}

/** `/api/v1/users/{id}` → a pattern; paths with fewer parameters are tried first, so `users/codes` beats `users/{id}`. */
function pathMatchers(document: Document) {
  return Object.keys(document.paths)
    .map((template) => ({
      template,
      params: (template.match(/\{/g) ?? []).length,
      pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
    }))
    .sort((a, b) => a.params - b.params);
}

/**
 * Checks every JSON answer `app.inject` gives against the schema the served OpenAPI document
 * declares for its operation and status: an answer the document does not describe, or a field
 * of the wrong type, is a problem. Returns the answers seen, for the test to read.
 */
export async function watchAnswers(app: FastifyInstance): Promise<CheckedAnswer[]> {
  const document = (await app.inject({ url: '/api/docs/json' })).json() as Document;
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  const matchers = pathMatchers(document);
  const validators = new Map<string, ValidateFunction>();
  const seen: CheckedAnswer[] = [];
  const inject = app.inject.bind(app) as (options: object) => Promise<LightMyRequestResponse>;

  const check = (method: string, url: string, response: LightMyRequestResponse) => {
    const pathname = url.split('?')[0];
    const template = matchers.find((m) => m.pattern.test(pathname) && document.paths[m.template][method])?.template;
    if (!template || !pathname.startsWith('/api/v1/')) return;
    const operation = `${method.toUpperCase()} ${template}`;
    const answer = document.paths[template][method].responses?.[String(response.statusCode)];
    if (!answer)
      return seen.push({ operation, status: response.statusCode, problems: [`status ${response.statusCode} is not documented`] });
    const type = String(response.headers['content-type'] ?? '');
    if (!type.startsWith('application/json')) return seen.push({ operation, status: response.statusCode, problems: [] });
    const schema = answer.content?.['application/json']?.schema;
    if (!schema) return seen.push({ operation, status: response.statusCode, problems: ['a JSON answer with no documented schema'] });
    const key = `${operation} ${response.statusCode}`;
    if (!validators.has(key)) validators.set(key, ajv.compile(schema));
    const validate = validators.get(key)!;
    const ok = validate(response.json());
    seen.push({
      operation,
      status: response.statusCode,
      problems: ok ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`),
    });
  };

  const watched = async (options: { method?: string; url?: string } | string) => {
    const response = await inject(options as object);
    const { method = 'GET', url = '' } = typeof options === 'string' ? { url: options } : options;
    check(method.toLowerCase(), url, response);
    return response;
  };
  (app as unknown as { inject: typeof watched }).inject = watched;
  return seen;
}
