import { GetBucketCorsCommand, PutBucketCorsCommand, type CORSRule } from '@aws-sdk/client-s3';
import { s3Status, type S3FileStore } from './s3-store';

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

/** An S3 origin pattern: `*`, an exact origin, or one `*` wildcard (`https://*.example.org`). */
function originMatches(pattern: string, origin: string): boolean {
  if (pattern === '*' || pattern === origin) return true;
  const star = pattern.indexOf('*');
  if (star < 0) return false;
  return origin.startsWith(pattern.slice(0, star)) && origin.endsWith(pattern.slice(star + 1)) && origin.length >= pattern.length - 1;
}

const NEEDED_METHODS = ['POST', 'GET'] as const;

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

const simple = (rules: CORSRule[]): CorsRule[] =>
  rules.map((r) => ({ origins: r.AllowedOrigins ?? [], methods: (r.AllowedMethods ?? []).map((m) => m.toUpperCase()) }));

async function readRules(store: S3FileStore): Promise<CORSRule[] | { unreadable: string }> {
  try {
    return (await store.client.send(new GetBucketCorsCommand({ Bucket: store.bucket }))).CORSRules ?? [];
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchCORSConfiguration') return [];
    // the start check has already seen these credentials accepted: a 403 here is a missing permission
    if (s3Status(error) === 403) return { unreadable: `the credentials may not read bucket "${store.bucket}"'s CORS (s3:GetBucketCORS)` };
    throw new Error(`S3 bucket "${store.bucket}" answered GET ?cors with ${s3Status(error) ?? 'no answer'}: ${(error as Error).message}`);
  }
}

export type CorsOutcome = { level: 'info' | 'warn'; message: string } | null;

/**
 * Resolves with what to log (null when the rule was already there) or rejects with corsProblem's
 * message. A store that refuses to show its CORS (a role without GetBucketCORS) is a warning, not
 * a stop. With `configure`, the rule it adds is said, so a changed bucket never goes unlogged.
 */
export async function checkBucketCors(store: S3FileStore, options: { appUrl: string; configure: boolean }): Promise<CorsOutcome> {
  const { bucket } = store;
  const origin = new URL(options.appUrl).origin;
  const rules = await readRules(store);
  if (!Array.isArray(rules))
    return {
      level: 'warn',
      message: `Could not check the bucket's CORS: ${rules.unreadable}. Browser uploads need AllowedOrigin ${origin} with POST and GET.`,
    };
  const missing = missingMethods(simple(rules), origin);
  if (missing.length === 0) return null;
  if (!options.configure) throw new Error(corsProblem(bucket, origin, missing));
  // every existing rule kept as read (its headers too), ours added
  const added: CORSRule = { AllowedOrigins: [origin], AllowedMethods: [...NEEDED_METHODS], MaxAgeSeconds: 3000 };
  try {
    await store.client.send(new PutBucketCorsCommand({ Bucket: bucket, CORSConfiguration: { CORSRules: [...rules, added] } }));
  } catch (error) {
    throw new Error(
      `S3_CONFIGURE_CORS is set, but bucket "${bucket}" refused the CORS rule (${s3Status(error) ?? 'no answer'}): ${(error as Error).message}`,
    );
  }
  const after = await readRules(store);
  if (Array.isArray(after) && missingMethods(simple(after), origin).length)
    throw new Error(corsProblem(bucket, origin, missingMethods(simple(after), origin)));
  return {
    level: 'info',
    message:
      `S3_CONFIGURE_CORS: added a CORS rule to bucket "${bucket}": AllowedOrigin ${origin}, AllowedMethod ${NEEDED_METHODS.join(' and ')}, ` +
      `MaxAgeSeconds 3000 (${rules.length} existing rule${rules.length === 1 ? '' : 's'} kept)`,
  };
}
