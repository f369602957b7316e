// Hints for the shell's critical chunks, so the browser fetches them at once instead of discovering
// them one after another (main.js → bootstrap → the dashboard frame → /remotes.json → remoteEntry).
// index.html preloads the start-up chunks every page runs; boot.js, inline in the page (the
// server's CSP lets it run by its hash: server/src/plugins/web.ts inlineScriptHashes), starts
// /remotes.json at once and, with a stored session on a /dashboard page, the page's remembered
// reads, and preloads the dashboard frame's chunks and the home remote's entry with the chunks
// its App starts with (listed in the manifest's answer; else its start-files.json); signed out
// on Sign In, it prefetches (fetches, does not run) what pressing Sign In needs, once the page is idle.
// Inline, not a file: as a file it was one more request, and a round trip, before any of that
// could start (Lighthouse's simulated /dashboard: boot.js arrived at 0.93 s and the reads and the
// dashboard's libraries started at 1.03 s).
const fs = require('node:fs');
const path = require('node:path');
const { LIB_FILES } = require('./lib-groups.cjs');

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

/**
 * The files a record's page (a request's detail, a retirement) takes from the shell: the record
 * widgets' chunk (lib-groups.cjs's LIB_FILES.sectionWidgets) and the other chunks of its groups, but not the
 * libraries the dashboard loads anyway.
 */
function recordWidgetFiles(compilation) {
  const files = new Set();
  for (const chunk of compilation.chunks) {
    if (chunk.name !== LIB_FILES.sectionWidgets) continue;
    for (const group of chunk.groupsIterable) {
      for (const member of group.chunks) {
        if (member.name === LIB_FILES.framework || member.name === LIB_FILES.dashboard) continue;
        for (const file of member.files) if (file.endsWith('.js')) files.add(`/${file}`);
      }
    }
  }
  return [...files];
}

/** Where the boot script goes in index.html once the build's minifier has been over it (an empty, marked tag). */
const PLACEHOLDER = /<script data-imprest-boot(="")?><\/script>/;

class BootHintsPlugin {
  /** @param {{ startup: string, dashboard: string[] }} requests the import() strings of bootstrap, and of the dashboard frame and the remote loader */
  constructor(requests) {
    this.requests = requests;
  }

  apply(compiler) {
    const HtmlWebpackPlugin = require(htmlPluginPath);
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('BootHints', (compilation) => {
      let bootFile = null;
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('BootHints', (data) => {
        const startup = filesOf(compilation, this.requests.startup);
        const dashboard = filesOf(compilation, this.requests.dashboard).filter((file) => !startup.includes(file));
        const records = recordWidgetFiles(compilation).filter((file) => !startup.includes(file) && !dashboard.includes(file));
        const template = fs.readFileSync(path.join(__dirname, 'boot.js'), 'utf8');
        const code = template
          .replace('__DASHBOARD_FILES__', JSON.stringify(dashboard))
          .replace('__RECORD_FILES__', JSON.stringify(records))
          .replace('__SESSION_KEY__', JSON.stringify(SESSION_KEY))
          .replace('__HOME_REMOTE__', JSON.stringify(HOME_REMOTE))
          .replace('__START_READS_KEY__', JSON.stringify(START_READS_KEY))
          .replace('__MAX_READS__', JSON.stringify(MAX_READS))
          .replace('__MANIFEST_URL__', JSON.stringify(MANIFEST_URL));
        const hash = compiler.webpack.util.createHash('sha256').update(code).digest('hex').slice(0, 8);
        // emitted as a file first, so that the build's minifier processes it like any script
        // (webpack hands it assets added after its stage); the hook below puts it in the page
        bootFile = `boot.${hash}.js`;
        compilation.emitAsset(bootFile, new sources.RawSource(code));
        const tag = (tagName, attributes) => ({ tagName, voidTag: tagName === 'link', attributes, meta: { plugin: 'BootHints' } });
        // the entry (main.js: the federation runtime, which everything waits for) first: as a
        // deferred script at the end of the head it was fetched last, at low priority
        const entries = data.headTags.filter((t) => t.tagName === 'script' && typeof t.attributes.src === 'string');
        // then boot.js, inline: it runs as the parser reaches it, once the preloads above are asked for
        data.headTags.unshift(
          ...entries.map((t) => tag('link', { rel: 'preload', as: 'script', href: t.attributes.src, fetchpriority: 'high' })),
          ...startup.map((file) => tag('link', { rel: 'preload', as: 'script', href: file })),
          tag('script', { 'data-imprest-boot': true }),
        );
        return data;
      });
      // after HtmlWebpackPlugin has written index.html (OPTIMIZE_INLINE), before signin.html is made from it (prerender.cjs)
      compilation.hooks.processAssets.tap({ name: 'BootHints', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE + 50 }, () => {
        const index = compilation.getAsset('index.html');
        if (!index || !bootFile) return;
        const code = compilation.getAsset(bootFile).source.source().toString().trim();
        const html = index.source.source().toString();
        if (!PLACEHOLDER.test(html) || /<\/script/i.test(code)) throw new Error('boot-hints: the boot script cannot be put in index.html');
        compilation.updateAsset('index.html', new sources.RawSource(html.replace(PLACEHOLDER, () => `<script>${code}</script>`)), {
          minimized: true,
        });
        compilation.deleteAsset(bootFile);
      });
    });
  }
}

/** What boot.js is given of the app's own storage keys and limits (held to api-client's by boot-constants.test.ts). */
const BOOT_CONSTANTS = { SESSION_KEY, START_READS_KEY, MAX_READS, MANIFEST_URL };

module.exports = { BootHintsPlugin, BOOT_CONSTANTS };
