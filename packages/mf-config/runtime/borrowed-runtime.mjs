// A remote's federation bundler runtime in production: the host's, lent by lend-runtime.mjs, in place
// of the copy each remote entry would otherwise carry (@module-federation/webpack-bundler-runtime,
// its sdk and error codes: ~20 KB of the entry's ~27 KB). ../federation-runtime.cjs puts this module
// where the federation entry imports the package. What the package makes once per bundle (its share
// scopes, its options) is made here for this remote, as its own copy would.
import { LENT_RUNTIME } from './lent-runtime-key.mjs';

const lent = globalThis[LENT_RUNTIME];
if (!lent) {
  throw new Error(
    'This remote borrows the federation runtime of the Imprest shell, which has not lent it: load it from a shell of its release or later (a development build runs alone).',
  );
}

/**
 * @module-federation/runtime's init as this remote's own copy runs it: the page's instance of this
 * name (and version) takes the options, else a new one is made. The host's init cannot be called
 * for it: it looks for the instance of its own build first, and would hand the remote the host's.
 */
function init(options) {
  const normalized = { ...options, id: options.id || '' };
  const same = (instance) =>
    instance.options.name === options.name && (options.version ? instance.options.version === options.version : !instance.options.version);
  const existing = lent.runtime.getInstance(same);
  if (!existing) return lent.runtime.createInstance(normalized);
  existing.initOptions(normalized);
  return existing;
}

export default {
  runtime: { ...lent.runtime, init },
  instance: undefined,
  initOptions: undefined,
  bundlerRuntime: { ...lent.bundlerRuntime, S: {} },
  attachShareScopeMap: lent.attachShareScopeMap,
  bundlerRuntimeOptions: {},
};
