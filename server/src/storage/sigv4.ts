import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for the two things the S3 store needs: query-string presigned URLs
 * (GET, HEAD) and POST policies. Written here because no AWS SDK is installed.
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-query-string-auth.html
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-HTTPPOSTConstructPolicy.html
 */
export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  /** A temporary credential's token (S3_SESSION_TOKEN, a cloud role): signed into every request. */
  sessionToken?: string | null;
  region: string;
  service?: string;
}

export const ALGORITHM = 'AWS4-HMAC-SHA256';

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');

/** 20130524T000000Z and 20130524. */
export function amzDates(date: Date): { amzDate: string; dateStamp: string } {
  const amzDate = date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  return { amzDate, dateStamp: amzDate.slice(0, 8) };
}

export function signingKey(secretAccessKey: string, dateStamp: string, region: string, service: string): Buffer {
  const kDate = hmac(`AWS4${secretAccessKey}`, dateStamp);
  const kRegion = hmac(kDate, region);
  const kService = hmac(kRegion, service);
  return hmac(kService, 'aws4_request');
}

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ is %XX (upper case). */
export function uriEncode(value: string, keepSlash = false): string {
  const encoded = encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return keepSlash ? encoded.replace(/%2F/g, '/') : encoded;
}

export interface PresignInput extends Credentials {
  method: 'GET' | 'HEAD' | 'PUT' | 'DELETE';
  /** `https://host[:port]` — the host header is taken from it. */
  origin: string;
  /** The path, not yet encoded (each segment is encoded here, slashes kept). */
  path: string;
  /** Extra query parameters (e.g. response-content-disposition), not yet encoded. */
  query?: Record<string, string>;
  date: Date;
  expiresSeconds: number;
}

/** A query-string signed URL (UNSIGNED-PAYLOAD, only the host header signed). */
export function presignUrl(input: PresignInput): string {
  const service = input.service ?? 's3';
  const { amzDate, dateStamp } = amzDates(input.date);
  const scope = `${dateStamp}/${input.region}/${service}/aws4_request`;
  const host = new URL(input.origin).host;
  const params: Record<string, string> = {
    ...input.query,
    'X-Amz-Algorithm': ALGORITHM,
    'X-Amz-Credential': `${input.accessKeyId}/${scope}`,
    'X-Amz-Date': amzDate,
    'X-Amz-Expires': String(input.expiresSeconds),
    'X-Amz-SignedHeaders': 'host',
    ...(input.sessionToken ? { 'X-Amz-Security-Token': input.sessionToken } : {}),
  };
  const canonicalQuery = Object.keys(params)
    .map((k) => [uriEncode(k), uriEncode(params[k])] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalPath = uriEncode(input.path, true);
  const canonicalRequest = [input.method, canonicalPath, canonicalQuery, `host:${host}`, '', 'host', 'UNSIGNED-PAYLOAD'].join('\n');
  const stringToSign = [ALGORITHM, amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signature = hmac(signingKey(input.secretAccessKey, dateStamp, input.region, service), stringToSign).toString('hex');
  return `${input.origin}${canonicalPath}?${canonicalQuery}&X-Amz-Signature=${signature}`;
}

export interface PostPolicyInput extends Credentials {
  bucket: string;
  key: string;
  contentType: string;
  maxBytes: number;
  date: Date;
  expiration: Date;
}

/**
 * The form fields of a browser POST upload: the policy fixes the bucket, the exact key, the size
 * (1..maxBytes) and the exact content type; it expires at `expiration`.
 */
export function presignPost(input: PostPolicyInput): Record<string, string> {
  const service = input.service ?? 's3';
  const { amzDate, dateStamp } = amzDates(input.date);
  const credential = `${input.accessKeyId}/${dateStamp}/${input.region}/${service}/aws4_request`;
  const policy = {
    expiration: input.expiration.toISOString(),
    conditions: [
      { bucket: input.bucket },
      ['eq', '$key', input.key],
      ['content-length-range', 1, input.maxBytes],
      ['eq', '$Content-Type', input.contentType],
      { 'x-amz-algorithm': ALGORITHM },
      { 'x-amz-credential': credential },
      { 'x-amz-date': amzDate },
      ...(input.sessionToken ? [{ 'x-amz-security-token': input.sessionToken }] : []),
    ],
  };
  const encoded = Buffer.from(JSON.stringify(policy), 'utf8').toString('base64');
  return {
    key: input.key,
    'Content-Type': input.contentType,
    'x-amz-algorithm': ALGORITHM,
    'x-amz-credential': credential,
    'x-amz-date': amzDate,
    ...(input.sessionToken ? { 'x-amz-security-token': input.sessionToken } : {}),
    policy: encoded,
    'x-amz-signature': postPolicySignature(encoded, input.secretAccessKey, dateStamp, input.region, service),
  };
}

export function postPolicySignature(
  base64Policy: string,
  secretAccessKey: string,
  dateStamp: string,
  region: string,
  service = 's3',
): string {
  return hmac(signingKey(secretAccessKey, dateStamp, region, service), base64Policy).toString('hex');
}
