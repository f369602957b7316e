// The federation runtime once per page. The host (the shell) lends the remotes its runtime
// (runtime/lend-runtime.mjs, a runtime plugin), and a remote's production build carries a stand-in
// (runtime/borrowed-runtime.mjs) where the federation entry imports the bundler runtime: each remote
// entry, on the path of every section's first open, loses the copy it carried. @module-federation/
// enhanced's own experiment (provideExternalRuntime / externalRuntime) shares only the runtime's core.
const path = require('node:path');

// the bundler runtime's file as @module-federation/enhanced resolves it for the entry it writes
// (FederationRuntimePlugin: its `bundler` export, from enhanced's own folder)
const ENHANCED = path.dirname(require.resolve('@module-federation/enhanced'));
const BUNDLER_RUNTIME = require.resolve('@module-federation/webpack-bundler-runtime/bundler', { paths: [ENHANCED] });
const CONTAINER_ENTRY = path.join(path.dirname(BUNDLER_RUNTIME), 'initContainerEntry.js');
// runtime-tools' ESM re-export of the core (Node's resolution names its CommonJS twin)
const RUNTIME_CORE = path.join(
  path.dirname(require.resolve('@module-federation/runtime-tools/runtime-core', { paths: [ENHANCED] })),
  'runtime-core.js',
);
const BORROWED = path.join(__dirname, 'runtime/borrowed-runtime.mjs');

/** The host's runtime plugin that lends the bundler runtime (for ModuleFederationPlugin's runtimePlugins). */
const LEND_RUNTIME = path.join(__dirname, 'runtime/lend-runtime.mjs');

/** The host's resolve.alias: what the lending plugin imports by name (pnpm keeps the packages out of the apps' reach). */
const lendRuntimeAlias = {
  '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js$': CONTAINER_ENTRY,
  '@module-federation/runtime-tools/runtime-core$': RUNTIME_CORE,
};

/**
 * A remote's production build: the stand-in where the federation entry imports the bundler runtime.
 * The build fails if that import is not met, so that a remote never ships the package unnoticed
 * (say, after an upgrade of enhanced that names another file).
 */
class BorrowRuntimePlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('BorrowRuntimePlugin', (compilation, { normalModuleFactory }) => {
      let borrowed = false;
      normalModuleFactory.hooks.beforeResolve.tap('BorrowRuntimePlugin', (data) => {
        if (path.normalize(data.request) !== BUNDLER_RUNTIME) return;
        data.request = BORROWED;
        borrowed = true;
      });
      compilation.hooks.finishModules.tap('BorrowRuntimePlugin', () => {
        if (!borrowed)
          compilation.errors.push(new compiler.webpack.WebpackError(`BorrowRuntimePlugin: no module imported ${BUNDLER_RUNTIME}`));
      });
    });
  }
}

module.exports = { BorrowRuntimePlugin, LEND_RUNTIME, lendRuntimeAlias };
