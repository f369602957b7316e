// The host's runtime plugin (../federation-runtime.cjs's LEND_RUNTIME): lends the page's federation
// runtime to the remotes. A remote's production build carries borrowed-runtime.mjs in place of the
// bundler runtime; one built before that takes the runtime's core from where enhanced's
// externalRuntime looks for it. Module Federation calls this in the host's start-up, before any
// remote's entry can load.
import * as runtimeCore from '@module-federation/runtime-tools/runtime-core';
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';
import { LENT_RUNTIME } from './lent-runtime-key.mjs';

export default function lendRuntime() {
  // what the host's federation entry has just put on webpack's require (a free name webpack fills
  // in, as that entry uses it), before it calls its plugins
  const { runtime, bundlerRuntime, attachShareScopeMap } = __webpack_require__.federation;
  // the host exposes nothing, so its build leaves out what a container runs when the host inits it
  globalThis[LENT_RUNTIME] = { runtime, bundlerRuntime: { ...bundlerRuntime, initContainerEntry }, attachShareScopeMap };
  globalThis._FEDERATION_RUNTIME_CORE = runtimeCore;
  return { name: 'imprest-lend-runtime' };
}
