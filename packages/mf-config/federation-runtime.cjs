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
// the core's own folder (ESM files), as @module-federation/runtime imports it
const CORE_DIST = path.dirname(
  require.resolve('@module-federation/runtime-core', {
    paths: [path.dirname(require.resolve('@module-federation/runtime', { paths: [path.dirname(RUNTIME_CORE)] }))],
  }),
);

/**
 * The host's stand-ins for two files of the core that serve only preloadRemote and remote snapshots
 * (manifests), which the shell does not use: its remotes come from /remotes.json and its build leaves
 * out the snapshot plugin (experiments.optimization.disableSnapshot), yet the core still imports them.
 * ~9 KB of the host's federation runtime (runtime/host-snapshot-handler.mjs says what stays).
 */
const HOST_STAND_INS = {
  [path.join(CORE_DIST, 'plugins/snapshot/SnapshotHandler.js')]: path.join(__dirname, 'runtime/host-snapshot-handler.mjs'),
  [path.join(CORE_DIST, 'utils/preload.js')]: path.join(__dirname, 'runtime/host-preload.mjs'),
};

/** The host's runtime plugin that lends the bundler runtime (for ModuleFederationPlugin's runtimePlugins). */
const LEND_RUNTIME = path.join(__dirname, 'runtime/lend-runtime.mjs');

/** The host's resolve.alias: what the lending plugin imports by name (pnpm keeps the packages out of the apps' reach). */
const lendRuntimeAlias = {
  '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js$': CONTAINER_ENTRY,
  '@module-federation/runtime-tools/runtime-core$': RUNTIME_CORE,
  // the core's files the stand-ins import (HOST_STAND_INS)
  'imprest-federation-core': CORE_DIST,
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

/** Puts `standIns` (file → its stand-in) in the build; fails it if a file is no longer imported. */
function replaceFiles(name, standIns) {
  return {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap(name, (compilation, { normalModuleFactory }) => {
        const replaced = new Set();
        normalModuleFactory.hooks.afterResolve.tap(name, ({ createData }) => {
          const standIn = standIns[path.normalize(createData.resource ?? '')];
          if (!standIn) return;
          replaced.add(createData.resource);
          createData.resource = standIn;
        });
        compilation.hooks.finishModules.tap(name, () => {
          for (const file of Object.keys(standIns))
            if (!replaced.has(file)) compilation.errors.push(new compiler.webpack.WebpackError(`${name}: no module imported ${file}`));
        });
      });
    },
  };
}

/** The host's production build: the core without what serves preloadRemote and snapshots (HOST_STAND_INS). */
const trimHostRuntime = () => replaceFiles('TrimHostRuntimePlugin', HOST_STAND_INS);

module.exports = { BorrowRuntimePlugin, LEND_RUNTIME, lendRuntimeAlias, trimHostRuntime };
