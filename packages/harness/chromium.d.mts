/** chromium.mjs, for the browser tests' TypeScript. */
export function trustCertificate(spki: string): void;
export function chromiumArgs(...extra: string[]): string[];
