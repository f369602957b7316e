// One webpack + Module Federation config for every app of apps.json: the shell (host) and the remotes.
const fs = require('node:fs');
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { EsbuildPlugin } = require('esbuild-loader');
const CompressionPlugin = require('compression-webpack-plugin');
const zlib = require('node:zlib');
const { shared } = require('./shared.cjs');
const { OfflineFilesPlugin, onlyFallback } = require('./offline-files-plugin.cjs');
const { TemplateChunksPlugin } = require('./template-chunks-plugin.cjs');
const { BorrowRuntimePlugin, LEND_RUNTIME, lendRuntimeAlias, trimHostRuntime } = require('./federation-runtime.cjs');

const root = path.resolve(__dirname, '../..');

/**
 * The list of apps (the repository's apps.json): the shell and the remotes it knows of, with their
 * federation names and dev ports. The URL of each remote comes from /remotes.json at run time.
 */
const APPS = require('../../apps.json');

/** An app's entry in the list, found by its folder. */
function appOf(dir) {
  const folder = path.basename(dir);
  const app = [APPS.shell, ...APPS.remotes].find((entry) => entry.dir === folder);
  if (!app) throw new Error(`${folder} is not in apps.json: add it there (CONTRIBUTING.md "Add a remote")`);
  return app;
}

const SERVER_PORT = Number(process.env.PORT ?? 8080);

/**
 * A remote's chunks: webpack's defaults, but formik's two small helpers (hoist-non-react-statics,
 * react-is), which Emotion uses too, in a chunk of their own. Left to the defaults they shared a
 * chunk with the copy of Chakra and Emotion that only @imprest/ui's fallback holds (~54 KB br, never
 * run while the shell provides @imprest/ui): a form's page fetched that copy too, and so did the
 * offline cache for each remote (offline-files.json lists the chunks the remote's own code reaches).
 */
const REMOTE_SPLIT_CHUNKS = {
  cacheGroups: {
    reactStatics: {
      test: /[\\/]node_modules[\\/](\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?(hoist-non-react-statics|react-is)[\\/]/,
      chunks: 'async',
      enforce: true,
      priority: 20,
    },
    // webpack's own group for what two chunks share, the fallbacks' chunks left out: the rules the
    // App and @imprest/ui's fallback both held (~28 KB of source) were split into a file of their
    // own, and the home fetched its App as two files, one more round trip before its first paint,
    // for the sake of a copy that never runs
    default: { minChunks: 2, priority: -20, reuseExistingChunk: true, chunks: (chunk) => !chunk.canBeInitial() && !onlyFallback(chunk) },
  },
};

/**
 * The app's federation name, dev-server port and role come from its entry in apps.json.
 * @param {object} options
 * @param {string} options.dir the app folder (absolute)
 * @param {Record<string,string>} [options.exposes]
 * @param {(mode: string) => any[]} [options.plugins] extra plugins
 * @param {object} [options.splitChunks] webpack's splitChunks for the production build
 */
function createConfig(appOptions) {
  const app = appOf(appOptions.dir);
  const options = { ...appOptions, name: app.name, port: app.port, host: app === APPS.shell };
  return (_env, argv) => {
    const mode = argv.mode ?? 'production';
    const production = mode === 'production';
    const isHost = options.host;
    const splitChunks = options.splitChunks ?? (isHost ? undefined : REMOTE_SPLIT_CHUNKS);
    return {
      mode,
      context: options.dir,
      // a remote's own page exists only for standalone development; in production it is just a container
      entry: isHost || !production ? { main: './src/index.ts' } : {},
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(options.dir, 'dist'),
        // the shell's pages live at any depth (/dashboard/view-user/7); remotes resolve from their entry's URL
        publicPath: isHost ? '/' : 'auto',
        // entry files keep a stable name (the federation runtime cannot hash them): a remote's is
        // served no-cache, the shell's is renamed by its content after (shell/hashed-entry.cjs)
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        uniqueName: options.name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs'],
        // prefer ESM builds even for require(): otherwise the MF runtime is bundled twice (.cjs and .js)
        conditionNames: ['browser', 'import', 'module', 'webpack', 'development|production', 'default'],
        // the lending plugin's one import of the bundler runtime (federation-runtime.cjs)
        ...(isHost ? { alias: lendRuntimeAlias } : {}),
      },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            loader: require.resolve('ts-loader'),
            exclude: /node_modules[\\/](?!\.pnpm)/,
            options: { transpileOnly: true, configFile: path.join(options.dir, 'tsconfig.json') },
          },
          // Chakra's own two changes (a lazy _global, a pure default theme) are patches pnpm applies at
          // install (patches/, docs/architecture.md §Pinned versions), not loaders
          { test: /\.(png|svg|ico|webmanifest)$/, type: 'asset/resource' },
        ],
      },
      optimization: {
        minimize: production,
        // esbuild minifies ~4x faster than terser; format must stay unset or a remote's global disappears.
        // Unset format also leaves esbuild's lowering helpers as top-level vars of each chunk, i.e.
        // globals that the next chunk overwrites: target es2022 (class private fields native) needs none.
        // terser, although ~3x slower than esbuild here: only it removes the unused exports webpack marks
        // (React Router 27 → 8 KB br, 45 KB br less on the first page). IMPREST_FAST_MINIFY=1 trades back.
        minimizer: process.env.IMPREST_FAST_MINIFY ? [new EsbuildPlugin({ target: 'es2022', css: false, format: undefined })] : ['...'],
        moduleIds: production ? 'deterministic' : 'named',
        ...(production && splitChunks ? { splitChunks } : {}),
      },
      performance: { hints: false },
      plugins: [
        new ModuleFederationPlugin({
          name: options.name,
          ...(isHost ? {} : { filename: 'remoteEntry.js', exposes: options.exposes }),
          remotes: {},
          shared,
          shareStrategy: 'loaded-first',
          dts: false,
          manifest: false,
          runtimePlugins: isHost ? [require.resolve(path.join(options.dir, 'src/app/federation/fallback-plugin.ts')), LEND_RUNTIME] : [],
          experiments: {
            // the runtime is lent once, by the host (LEND_RUNTIME, the core included), and a remote's
            // production build uses it (federation-runtime.cjs); a development build carries its own,
            // so its page runs alone
            ...(!isHost && production ? { externalRuntime: true } : {}),
            optimization: { disableSnapshot: true, target: 'web' },
          },
        }),
        ...(isHost || !production
          ? [
              new HtmlWebpackPlugin({
                template: path.join(root, 'shell/public/index.html'),
                // the 113-byte icon in the page itself: one request fewer while the page's code loads
                faviconData: `data:image/png;base64,${fs.readFileSync(path.join(root, 'packages/ui/assets/favicon.png')).toString('base64')}`,
                scriptLoading: 'defer',
              }),
              // the shared modules its template's compilation built again, for nothing
              new TemplateChunksPlugin(),
            ]
          : []),
        // a remote lists its code so the shell can cache the whole section for offline use
        ...(!isHost && production ? [new OfflineFilesPlugin()] : []),
        // a remote's production build borrows the host's federation bundler runtime instead of carrying its own
        ...(!isHost && production ? [new BorrowRuntimePlugin()] : []),
        // and the host's leaves out what serves preloadRemote and remote snapshots, which the shell does not use
        ...(isHost && production ? [trimHostRuntime()] : []),
        ...(options.plugins ? options.plugins(mode) : []),
        ...(production
          ? [
              new CompressionPlugin({ test: /\.(js|html|json|svg|webmanifest)$/, algorithm: 'gzip', threshold: 1024 }),
              new CompressionPlugin({
                test: /\.(js|html|json|svg|webmanifest)$/,
                algorithm: 'brotliCompress',
                filename: '[path][base].br',
                compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
                threshold: 1024,
              }),
            ]
          : []),
      ],
      devServer: {
        port: options.port,
        historyApiFallback: true,
        hot: false,
        liveReload: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [
          { context: ['/api', '/remotes.json'], target: `http://localhost:${SERVER_PORT}` },
          { context: ['/socket.io'], target: `http://localhost:${SERVER_PORT}`, ws: true },
        ],
      },
    };
  };
}

module.exports = { createConfig };
