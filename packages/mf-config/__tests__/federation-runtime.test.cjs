// federation-runtime.cjs: the host lends its federation bundler runtime, a remote's production build
// carries a stand-in instead of the package. Checked by building a small host and remote with
// webpack and Module Federation themselves; the browser tests load the real ones.
const path = require('node:path');
const webpack = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { tempApp } = require('./temp-app.cjs');
const { BorrowRuntimePlugin, LEND_RUNTIME, lendRuntimeAlias, trimHostRuntime } = require('../federation-runtime.cjs');

const FILES = {
  'host/src/index.js': "import('./start');",
  'host/src/start.js': 'export const started = true;',
  'remote/src/answer.js': 'export const answer = 42;',
};

/** The runtime's own packages, as a bundled module's path names them. */
const RUNTIME_PACKAGE = /@module-federation\/(webpack-bundler-runtime|sdk|error-codes|runtime)\//;

function federation(name, options) {
  return new ModuleFederationPlugin({
    name,
    shared: {},
    dts: false,
    manifest: false,
    ...options,
    experiments: { ...options.experiments, optimization: { disableSnapshot: true, target: 'web' } },
  });
}

/** Builds `app` of the temporary folder; the paths of every module it bundled, with the build's errors. */
async function build(dir, app, { entry = {}, plugins, alias }) {
  const compiler = webpack({
    mode: 'production',
    context: path.join(dir, app),
    entry,
    output: { path: path.join(dir, app, 'dist'), publicPath: 'auto', uniqueName: app },
    resolve: { alias, conditionNames: ['browser', 'import', 'module', 'webpack', 'production', 'default'] },
    optimization: { minimize: false },
    plugins,
  });
  const stats = await new Promise((resolve, reject) =>
    compiler.run((error, result) => (error || !result ? reject(error) : resolve(result))),
  );
  await new Promise((resolve) => compiler.close(resolve));
  const json = stats.toJson({ modules: true, nestedModules: true, errors: true });
  const modules = (json.modules ?? []).flatMap((m) => (m.modules ?? [m]).map((inner) => String(inner.nameForCondition ?? inner.name)));
  return { modules, errors: (json.errors ?? []).map((e) => e.message) };
}

describe('the federation runtime, lent by the host to the remotes', () => {
  const folder = tempApp('federation-runtime-', FILES);

  it('the host bundles the lending plugin, the container init its own build leaves out and one copy of the core', async () => {
    const { modules, errors } = await build(folder(), 'host', {
      entry: { main: './src/index.js' },
      alias: lendRuntimeAlias,
      plugins: [federation('host', { remotes: {}, runtimePlugins: [LEND_RUNTIME], experiments: {} })],
    });
    expect(errors).toEqual([]);
    expect(modules).toEqual(expect.arrayContaining([LEND_RUNTIME]));
    // the core it lends is the host's own copy, not a second one
    expect(new Set(modules.filter((m) => /runtime-core\/dist\/index\.c?js$/.test(m))).size).toBe(1);
    expect(modules.some((m) => m.endsWith('webpack-bundler-runtime/dist/initContainerEntry.js'))).toBe(true);
  }, 60_000);

  it('a remote carries the stand-in and none of the runtime’s packages', async () => {
    const remote = (plugins) =>
      build(folder(), 'remote', {
        plugins: [
          federation('remote', {
            filename: 'remoteEntry.js',
            exposes: { './answer': './src/answer.js' },
            experiments: { externalRuntime: true },
          }),
          ...plugins,
        ],
      });
    const own = await remote([]);
    expect(own.errors).toEqual([]);
    // without the plugin the entry carries the bundler runtime: the test sees what the plugin removes
    expect(own.modules.some((m) => RUNTIME_PACKAGE.test(m))).toBe(true);

    const borrowing = await remote([new BorrowRuntimePlugin()]);
    expect(borrowing.errors).toEqual([]);
    expect(borrowing.modules).toEqual(expect.arrayContaining([path.join(__dirname, '../runtime/borrowed-runtime.mjs')]));
    expect(borrowing.modules.filter((m) => RUNTIME_PACKAGE.test(m))).toEqual([]);
  }, 60_000);

  it('fails a build in which nothing imports the bundler runtime, rather than ship it unnoticed', async () => {
    const { errors } = await build(folder(), 'host', { entry: { main: './src/start.js' }, plugins: [new BorrowRuntimePlugin()] });
    expect(errors).toEqual([expect.stringContaining('BorrowRuntimePlugin: no module imported')]);
  }, 60_000);

  it('the host’s build carries stand-ins for the core’s snapshot and preload files', async () => {
    const host = (plugins) =>
      build(folder(), 'host', {
        entry: { main: './src/index.js' },
        alias: lendRuntimeAlias,
        plugins: [federation('host', { remotes: {}, runtimePlugins: [LEND_RUNTIME], experiments: {} }), ...plugins],
      });
    const CORE_FILES = /runtime-core\/dist\/(plugins\/snapshot\/SnapshotHandler|utils\/preload)\.js$/;
    const own = await host([]);
    expect(own.errors).toEqual([]);
    // without the plugin the core's own files are there: the test sees what the plugin replaces
    expect(new Set(own.modules.filter((m) => CORE_FILES.test(m))).size).toBe(2);

    const trimmed = await host([trimHostRuntime()]);
    expect(trimmed.errors).toEqual([]);
    expect(trimmed.modules.filter((m) => CORE_FILES.test(m))).toEqual([]);
    expect(trimmed.modules).toEqual(
      expect.arrayContaining([
        path.join(__dirname, '../runtime/host-snapshot-handler.mjs'),
        path.join(__dirname, '../runtime/host-preload.mjs'),
      ]),
    );
  }, 60_000);

  it('fails a host build in which the core no longer imports a file it stands in for', async () => {
    const { errors } = await build(folder(), 'host', { entry: { main: './src/start.js' }, plugins: [trimHostRuntime()] });
    expect(errors).toEqual(
      expect.arrayContaining([expect.stringMatching(/TrimHostRuntimePlugin: no module imported .*SnapshotHandler\.js/)]),
    );
  }, 60_000);
});
