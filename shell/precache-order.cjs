// The order the service worker precaches the shell's files in. Workbox fetches them one at a time,
// a round trip each, from the worker's install until the last, so its fetches run beside what the
// person waits for: Sign In's dashboard and the first section opened. In its own order (by name)
// the chunks of 12-60 KB came first and took half the link then. Now:
// - first, the files a record's page (a request's detail, a retirement) takes from the shell, the
//   section widgets' file and its helpers (~8 KB br): in the HTTP cache before the first section
//   opens, they are no longer on its path;
// - then the rest smallest first: the early fetches are of ~1 KB each, mostly round trip, and the
//   dashboard's own files, which the page fetches meanwhile, come last, from the HTTP cache.
// GenerateSW sorts the manifest by URL after its manifestTransforms, so the list is reordered in the
// emitted sw.js, before it is compressed; the build fails if the list is not found there.
const ENTRY = /\{url:"\/([^"]+)",revision:(?:null|"[^"]*")\}/g;
const LIST = /precacheAndRoute\(\[((?:\{url:"[^"]+",revision:(?:null|"[^"]*")\},?)+)\]/;

/** The shell's chunk of the record widgets, whose groups' other chunks (not the page's own libraries) come with it. */
const RECORD_WIDGETS_CHUNK = 'section-widgets';
const PAGE_LIBRARIES = new Set(['framework', 'dashboard-libs']);

/**
 * The precache list of `code` (a generated sw.js): the files of `first` first, then the others,
 * each part by the file's size in `sizeOf`, smallest first.
 */
function orderPrecache(code, sizeOf, first = new Set()) {
  const list = LIST.exec(code);
  if (!list) throw new Error('precache-order.cjs: no precacheAndRoute([...]) list in sw.js (has workbox changed its output?)');
  const entries = [...list[1].matchAll(ENTRY)].map(([text, file]) => ({ text, rank: first.has(file) ? 0 : 1, size: sizeOf(file) }));
  const ordered = entries.sort((a, b) => a.rank - b.rank || a.size - b.size).map((entry) => entry.text);
  return code.replace(list[1], ordered.join(','));
}

/** The JavaScript files a record's page loads from the shell: the record widgets' chunk and its groups' others. */
function recordWidgetFiles(compilation) {
  const files = new Set();
  for (const chunk of compilation.chunks) {
    if (chunk.name !== RECORD_WIDGETS_CHUNK) continue;
    for (const group of chunk.groupsIterable) {
      for (const member of group.chunks) {
        if (PAGE_LIBRARIES.has(member.name)) continue;
        for (const file of member.files) if (file.endsWith('.js')) files.add(file);
      }
    }
  }
  return files;
}

class PrecacheOrderPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecacheOrder', (compilation) => {
      compilation.hooks.processAssets.tap(
        // after GenerateSW (OPTIMIZE_TRANSFER - 10), before the compression plugins (OPTIMIZE_TRANSFER)
        { name: 'PrecacheOrder', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER - 5 },
        () => {
          const sw = compilation.getAsset('sw.js');
          if (!sw) throw new Error('precache-order.cjs: GenerateSW emitted no sw.js');
          const sizeOf = (file) => compilation.getAsset(file)?.source.size() ?? Number.MAX_SAFE_INTEGER;
          const code = orderPrecache(sw.source.source().toString(), sizeOf, recordWidgetFiles(compilation));
          compilation.updateAsset('sw.js', new sources.RawSource(code));
        },
      );
    });
  }
}

module.exports = { PrecacheOrderPlugin, orderPrecache };
