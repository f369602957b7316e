/** tls.mjs, for the browser tests' TypeScript. */
export function makeCertificate(dir: string): Promise<{ certFile: string; keyFile: string; ca: Buffer; spki: string }>;
