const path = require('node:path');
const { GenerateSW } = require('workbox-webpack-plugin');
const { createConfig } = require('@imprest/mf-config');
const { StaticFilesPlugin } = require('@imprest/mf-config/static-files-plugin.cjs');
const CACHES = require('./pwa-caches.json');

const assets = path.resolve(__dirname, '../packages/ui/assets');

module.exports = createConfig({
  name: 'shell',
  dir: __dirname,
  port: 3000,
  host: true,
  plugins: (mode) => [
    new StaticFilesPlugin([
      path.join(__dirname, 'public/manifest.webmanifest'),
      path.join(assets, 'icon-192.png'),
      path.join(assets, 'icon-512.png'),
    ]),
    ...(mode === 'production'
      ? [
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
