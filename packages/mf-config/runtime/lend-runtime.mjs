// The host's runtime plugin (named in runtimePlugins by ../federation-runtime.cjs): lends the page's
// federation bundler runtime to the remotes, whose production builds carry borrowed-runtime.mjs in
// its place. Module Federation calls it in the host's start-up, before any remote's entry can load.
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';
import { LENT_RUNTIME } from './lent-runtime-key.mjs';

export default function lendRuntime() {
  // what the host's federation entry has just put on webpack's require (a free name webpack fills
  // in, as that entry uses it), before it calls its plugins
  const { runtime, bundlerRuntime, attachShareScopeMap } = __webpack_require__.federation;
  // the host exposes nothing, so its build leaves out what a container runs when the host inits it
  globalThis[LENT_RUNTIME] = { runtime, bundlerRuntime: { ...bundlerRuntime, initContainerEntry }, attachShareScopeMap };
  return { name: 'imprest-lend-runtime' };
}
