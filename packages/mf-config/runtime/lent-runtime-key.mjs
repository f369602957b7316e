// Where the host leaves its federation runtime for the remotes (lend-runtime.mjs, borrowed-runtime.mjs):
// a registered symbol, the same in every bundle of the page and in no one's way.
export const LENT_RUNTIME = Symbol.for('imprest.federation.bundler-runtime');
