/** apps.mjs, for the browser tests' TypeScript. */
export const APPS: readonly string[];
