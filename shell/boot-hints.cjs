// Hints for the shell's critical chunks, so the browser fetches them at once instead of discovering
// them one after another (main.js → bootstrap → the dashboard frame → /remotes.json → remoteEntry).
// index.html preloads the start-up chunks every page runs; boot.[hash].js (an external file: the
// CSP allows no inline script) starts /remotes.json at once and, with a stored session on a
// /dashboard page, preloads the dashboard frame's chunks and the home remote's entry with the chunks
// its App starts with (listed in the manifest's answer; else its start-files.json); signed out
// on Sign In, it prefetches (fetches, does not run) what pressing Sign In needs, once the page is idle.
const fs = require('node:fs');
const path = require('node:path');

const htmlPluginPath = require.resolve('html-webpack-plugin', { paths: [path.dirname(require.resolve('@imprest/mf-config'))] });
const SESSION_KEY = 'imprest.session';
/** api-client's start-reads.ts: the key of the reads each page opened with, and how many boot.js asks for. */
const START_READS_KEY = 'imprest.startReads';
const MAX_READS = 8;
/** The section /dashboard itself opens (sections.ts: '' → mf_requests). */
const HOME_REMOTE = 'mf_requests';
/** The remotes manifest with each remote's route files (src/app/federation/manifest-url.ts). */
const MANIFEST_URL = '/remotes.json?routes=1';

/** Every JavaScript file the async imports of `request` (one or a list) load, the shared modules they consume included. */
function filesOf(compilation, request) {
  const { chunkGraph } = compilation;
  // the shell provides the shared modules itself: a consumed one (react-dom, Chakra …) is loaded
  // from its provider's chunk, not from the consumer's fallback copy of the same code
  const providers = new Map();
  for (const module of compilation.modules) {
    if (module.constructor.name === 'ProvideSharedModule') providers.set(module._name, module);
  }
  const files = new Set();
  const seen = new Set();
  const visit = (group) => {
    if (seen.has(group)) return;
    seen.add(group);
    for (const chunk of group.chunks) {
      for (const file of chunk.files) if (file.endsWith('.js')) files.add(`/${file}`);
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
        if (module.constructor.name !== 'ConsumeSharedModule') continue;
        const loadedFrom = providers.get(module.options.shareKey) ?? module;
        for (const block of loadedFrom.blocks) {
          const child = chunkGraph.getBlockChunkGroup(block);
          if (child) visit(child);
        }
      }
    }
  };
  const requests = [request].flat();
  for (const group of compilation.chunkGroups) {
    if (group.origins.some((origin) => requests.includes(origin.request))) visit(group);
  }
  return [...files];
}

class BootHintsPlugin {
  /** @param {{ startup: string, dashboard: string[] }} requests the import() strings of bootstrap, and of the dashboard frame and the remote loader */
  constructor(requests) {
    this.requests = requests;
  }

  apply(compiler) {
    const HtmlWebpackPlugin = require(htmlPluginPath);
    const { sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('BootHints', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('BootHints', (data) => {
        const startup = filesOf(compilation, this.requests.startup);
        const dashboard = filesOf(compilation, this.requests.dashboard).filter((file) => !startup.includes(file));
        const template = fs.readFileSync(path.join(__dirname, 'boot.js'), 'utf8');
        const code = template
          .replace('__DASHBOARD_FILES__', JSON.stringify(dashboard))
          .replace('__SESSION_KEY__', JSON.stringify(SESSION_KEY))
          .replace('__HOME_REMOTE__', JSON.stringify(HOME_REMOTE))
          .replace('__START_READS_KEY__', JSON.stringify(START_READS_KEY))
          .replace('__MAX_READS__', JSON.stringify(MAX_READS))
          .replace('__MANIFEST_URL__', JSON.stringify(MANIFEST_URL));
        const hash = compiler.webpack.util.createHash('sha256').update(code).digest('hex').slice(0, 8);
        const name = `boot.${hash}.js`;
        compilation.emitAsset(name, new sources.RawSource(code));
        const tag = (tagName, attributes) => ({ tagName, voidTag: tagName === 'link', attributes, meta: { plugin: 'BootHints' } });
        // the entry (main.js: the federation runtime, which everything waits for) first: as a
        // deferred script at the end of the head it was fetched last, at low priority
        const entries = data.headTags.filter((t) => t.tagName === 'script' && typeof t.attributes.src === 'string');
        // boot.js at high priority too: an async script is fetched at low priority, behind every
        // preload below, and what it starts (the start reads, the dashboard's and the home remote's
        // files) waited for main.js and framework to arrive first (Lighthouse's HTTP/2 simulation
        // then left the link idle while boot.js ran, ~0.2 s before the dashboard's libraries started)
        data.headTags.unshift(
          tag('script', { src: `/${name}`, async: true, fetchpriority: 'high' }),
          ...entries.map((t) => tag('link', { rel: 'preload', as: 'script', href: t.attributes.src, fetchpriority: 'high' })),
          ...startup.map((file) => tag('link', { rel: 'preload', as: 'script', href: file })),
        );
        return data;
      });
    });
  }
}

/** What boot.js is given of the app's own storage keys and limits (held to api-client's by boot-constants.test.ts). */
const BOOT_CONSTANTS = { SESSION_KEY, START_READS_KEY, MAX_READS, MANIFEST_URL };

module.exports = { BootHintsPlugin, BOOT_CONSTANTS };
