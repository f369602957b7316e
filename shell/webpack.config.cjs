const path = require('node:path');
const { GenerateSW } = require('workbox-webpack-plugin');
const { createConfig } = require('@imprest/mf-config');
const { StaticFilesPlugin } = require('@imprest/mf-config/static-files-plugin.cjs');
const CACHES = require('./pwa-caches.json');
const { BootHintsPlugin } = require('./boot-hints.cjs');

const assets = path.resolve(__dirname, '../packages/ui/assets');

/**
 * Every build is a version of its own: version.json names it and is precached, so the service
 * worker of a new build differs from the old one and the blue 'New version available!' banner
 * shows even when only a remote or the server changed. IMPREST_BUILD_ID names it (CI: the commit).
 */
const BUILD_ID = process.env.IMPREST_BUILD_ID || new Date().toISOString();
const buildIdPlugin = {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('BuildId', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'BuildId', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset('version.json', new sources.RawSource(JSON.stringify({ build: BUILD_ID })));
      });
    });
  },
};

module.exports = createConfig({
  name: 'shell',
  dir: __dirname,
  port: 3000,
  host: true,
  plugins: (mode) => [
    // the import() strings of src/index.ts and routes.tsx whose chunks index.html and boot.js hint
    new BootHintsPlugin({ startup: './bootstrap', dashboard: '../features/layout/DashboardLayout' }),
    new StaticFilesPlugin([
      path.join(__dirname, 'public/manifest.webmanifest'),
      path.join(assets, 'icon-192.png'),
      path.join(assets, 'icon-512.png'),
      // full-bleed art (icon-*.png) is the maskable icon; the 'any' ones have their corners rounded
      path.join(__dirname, 'public/icon-any-192.png'),
      path.join(__dirname, 'public/icon-any-512.png'),
    ]),
    ...(mode === 'production'
      ? [
          buildIdPlugin,
          new GenerateSW({
            swDest: 'sw.js',
            // the shell precaches itself; remotes and API answers are cached as they are used
            exclude: [/\.map$/, /\.gz$/, /\.br$/, /LICENSE/],
            navigateFallback: '/index.html',
            navigateFallbackDenylist: [/^\/api\//, /^\/socket\.io\//, /^\/remotes\//],
            skipWaiting: false,
            clientsClaim: true,
            cleanupOutdatedCaches: true,
            runtimeCaching: [
              {
                urlPattern: ({ url }) => url.pathname === '/remotes.json' || url.pathname.endsWith('/remoteEntry.js'),
                handler: 'NetworkFirst',
                options: { cacheName: CACHES.remoteEntries, networkTimeoutSeconds: 4 },
              },
              {
                urlPattern: ({ url }) => url.pathname.startsWith('/remotes/'),
                handler: 'CacheFirst',
                options: { cacheName: CACHES.remoteChunks, expiration: { maxEntries: 300 } },
              },
              {
                urlPattern: ({ url, request }) => url.pathname.startsWith('/api/v1/') && request.method === 'GET',
                handler: 'NetworkFirst',
                options: { cacheName: CACHES.api, networkTimeoutSeconds: 5, expiration: { maxEntries: 200 } },
              },
            ],
          }),
        ]
      : []),
  ],
});
