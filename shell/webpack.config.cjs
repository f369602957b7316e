const path = require('node:path');
const { GenerateSW } = require('workbox-webpack-plugin');
const { createConfig } = require('@imprest/mf-config');
const { StaticFilesPlugin } = require('@imprest/mf-config/static-files-plugin.cjs');
const { GlobalCssPlugin } = require('@imprest/mf-config/global-css.cjs');
const CACHES = require('./pwa-caches.json');
const { BootHintsPlugin } = require('./boot-hints.cjs');
const { PrerenderSignInPlugin } = require('./prerender.cjs');
const { HashedEntryPlugin } = require('./hashed-entry.cjs');
const { SW_IMPORTS, writeSwImports } = require('./sw-imports.cjs');
const { inDashboardLibs, inFramework, inSectionWidgets, LIB_FILES } = require('./lib-groups.cjs');

// public/sw-api.js is plain JavaScript the worker imports, written into sw-imports.js (sw-imports.cjs): it must name the same API cache as logout deletes
if (!require('node:fs').readFileSync(path.join(__dirname, 'public/sw-api.js'), 'utf8').includes(`'${CACHES.api}'`))
  throw new Error(`public/sw-api.js does not use the API cache named in pwa-caches.json (${CACHES.api})`);

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

// the host: its federation name and dev port come from apps.json
module.exports = createConfig({
  dir: __dirname,
  // The shared libraries as two files by when they are needed (docs/architecture.md §Frontend): a
  // slow link has six connections and a round trip a file. `framework` is what Sign In runs;
  // `dashboard-libs` what the dashboard adds, each with the business rules only its libraries import
  // (lib-groups.cjs). The design tokens stay out of the latter because Sign In imports them: one
  // module of a group pulls the whole file into a page.
  splitChunks: {
    cacheGroups: {
      framework: {
        name: LIB_FILES.framework,
        test: inFramework,
        chunks: 'async',
        enforce: true,
        priority: 20,
      },
      dashboard: {
        name: LIB_FILES.dashboard,
        test: inDashboardLibs,
        chunks: 'async',
        enforce: true,
        priority: 10,
      },
      // the record widgets' modules (@imprest/ui/forms and /files, which a record's page takes
      // together) in one file, not four: over HTTP/1.1 each waited for one of six connections
      sections: {
        name: LIB_FILES.sectionWidgets,
        test: inSectionWidgets,
        chunks: 'async',
        enforce: true,
        priority: 5,
      },
    },
  },
  plugins: (mode) => [
    // signin.html: `/` with its brand panel in the HTML (prerender.cjs)
    new PrerenderSignInPlugin(),
    // the import() strings of src/index.ts and routes.tsx whose chunks index.html and boot.js hint
    new BootHintsPlugin({
      startup: './bootstrap',
      // the frame, and the remote loader bootstrap.tsx imports for a stored session (two small chunks found a round trip late)
      dashboard: ['../features/layout/DashboardLayout', './app/federation/remotes', './app/federation/sections'],
    }),
    // the design system's global style sheet as text, made once here instead of on the dashboard's first load
    new GlobalCssPlugin(),
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
          new HashedEntryPlugin(),
          new GenerateSW({
            swDest: 'sw.js',
            // the shell precaches itself; remotes and API answers are cached as they are used (API: public/sw-api.js)
            exclude: [/\.map$/, /\.gz$/, /\.br$/, /LICENSE/, /^sw-imports\.js$/, /^signin\.html$/],
            // API reads: cached answers first while a page opens, the network first after (public/sw-api.js);
            // the precache several files at a time (public/sw-warm.js): one file the manifest transform
            // writes, checked for changes with sw.js
            importScripts: [`/${SW_IMPORTS}`],
            manifestTransforms: [writeSwImports],
            navigateFallback: '/index.html',
            navigateFallbackDenylist: [/^\/api\//, /^\/socket\.io\//, /^\/remotes\//],
            skipWaiting: false,
            clientsClaim: true,
            cleanupOutdatedCaches: true,
            runtimeCaching: [
              {
                // the cached manifest and entries at once, refreshed behind for the next load: a
                // stalling network no longer holds a section back (a redeployed remote shows on the next load)
                urlPattern: ({ url }) => url.pathname === '/remotes.json' || url.pathname.endsWith('/remoteEntry.js'),
                handler: 'StaleWhileRevalidate',
                // entries are named by version (remotes.json's ?v=): the last few kept, not every deploy's
                options: { cacheName: CACHES.remoteEntries, expiration: { maxEntries: 30 } },
              },
              {
                urlPattern: ({ url }) => url.pathname.startsWith('/remotes/'),
                handler: 'CacheFirst',
                options: { cacheName: CACHES.remoteChunks, expiration: { maxEntries: 300 } },
              },
            ],
          }),
        ]
      : []),
  ],
});
