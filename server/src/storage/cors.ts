import { createHash } from 'node:crypto';
import type { S3FileStore } from './s3-store';

/**
 * Browsers upload straight to the bucket with a form POST from the app's origin. Without a CORS
 * rule allowing that origin and POST the browser hides the answer and the user only reads "the
 * file store could not be reached"; nothing tells the operator. So the server reads the bucket's
 * CORS at start and names what is missing, or, when S3_CONFIGURE_CORS is set, adds the rule.
 */
export interface CorsRule {
  origins: string[];
  methods: string[];
}

const tagValues = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((m) => m[1]!.trim());

export function parseCorsRules(xml: string): CorsRule[] {
  return [...xml.matchAll(/<CORSRule>([\s\S]*?)<\/CORSRule>/g)].map(([, rule]) => ({
    origins: tagValues(rule!, 'AllowedOrigin'),
    methods: tagValues(rule!, 'AllowedMethod').map((m) => m.toUpperCase()),
  }));
}

/** An S3 origin pattern: `*`, an exact origin, or one `*` wildcard (`https://*.example.org`). */
function originMatches(pattern: string, origin: string): boolean {
  if (pattern === '*' || pattern === origin) return true;
  const star = pattern.indexOf('*');
  if (star < 0) return false;
  return origin.startsWith(pattern.slice(0, star)) && origin.endsWith(pattern.slice(star + 1)) && origin.length >= pattern.length - 1;
}

export const NEEDED_METHODS = ['POST', 'GET'] as const;

/** The methods one rule must allow for `origin` that no rule does, [] when uploads will work. */
export function missingMethods(rules: CorsRule[], origin: string): string[] {
  return NEEDED_METHODS.filter(
    (method) => !rules.some((rule) => rule.methods.includes(method) && rule.origins.some((o) => originMatches(o, origin))),
  );
}

export function corsProblem(bucket: string, origin: string, missing: string[]): string {
  return (
    `S3 bucket "${bucket}" has no CORS rule allowing ${missing.join(' and ')} from ${origin}: browser uploads would fail with ` +
    `"The file store could not be reached". Add a CORS rule with AllowedOrigin ${origin} and AllowedMethod POST and GET ` +
    `(server/README.md "S3 bucket CORS"), or set S3_CONFIGURE_CORS=true to let the server add it.`
  );
}

const escapeXml = (value: string) => value.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Every existing rule kept as read (origins and methods; the headers this app needs none of), plus ours. */
export function corsXml(rules: CorsRule[]): string {
  const rule = (r: CorsRule) =>
    `<CORSRule>${r.origins.map((o) => `<AllowedOrigin>${escapeXml(o)}</AllowedOrigin>`).join('')}${r.methods
      .map((m) => `<AllowedMethod>${m}</AllowedMethod>`)
      .join('')}<MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule>`;
  return `<?xml version="1.0" encoding="UTF-8"?><CORSConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${rules.map(rule).join('')}</CORSConfiguration>`;
}

async function readRules(store: S3FileStore, bucket: string): Promise<CorsRule[] | { unreadable: string }> {
  const response = await store.bucketRequest('GET', { cors: '' });
  const body = await response.text();
  if (response.status === 404 && body.includes('NoSuchCORSConfiguration')) return [];
  if (response.status === 403) return { unreadable: `the credentials may not read bucket "${bucket}"'s CORS (s3:GetBucketCORS)` };
  if (!response.ok) throw new Error(`S3 bucket "${bucket}" answered GET ?cors with ${response.status}: ${body.slice(0, 200)}`);
  return parseCorsRules(body);
}

/**
 * Resolves with a warning to log (null when all is well) or rejects with corsProblem's message.
 * A store that refuses to show its CORS (a role without GetBucketCORS) is a warning, not a stop.
 */
export async function checkBucketCors(
  store: S3FileStore,
  options: { bucket: string; appUrl: string; configure: boolean },
): Promise<string | null> {
  const origin = new URL(options.appUrl).origin;
  const rules = await readRules(store, options.bucket);
  if (!Array.isArray(rules))
    return `Could not check the bucket's CORS: ${rules.unreadable}. Browser uploads need AllowedOrigin ${origin} with POST and GET.`;
  const missing = missingMethods(rules, origin);
  if (missing.length === 0) return null;
  if (!options.configure) throw new Error(corsProblem(options.bucket, origin, missing));
  const xml = corsXml([...rules, { origins: [origin], methods: [...NEEDED_METHODS] }]);
  const md5 = createHash('md5').update(xml).digest('base64');
  const put = await store.bucketRequest(
    'PUT',
    { cors: '' },
    { body: xml, headers: { 'content-md5': md5, 'content-type': 'application/xml' } },
  );
  if (!put.ok)
    throw new Error(
      `S3_CONFIGURE_CORS is set, but bucket "${options.bucket}" refused the CORS rule (${put.status}): ${(await put.text()).slice(0, 200)}`,
    );
  const after = await readRules(store, options.bucket);
  if (Array.isArray(after) && missingMethods(after, origin).length)
    throw new Error(corsProblem(options.bucket, origin, missingMethods(after, origin)));
  return null;
}
