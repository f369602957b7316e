// Emits offline-files.json: the JavaScript a remote runs, so the shell can cache a whole section
// in the background after sign-in and the section opens offline without having been visited.
const SHARED_MODULES = new Set(['ConsumeSharedModule', 'ProvideSharedModule']);

/**
 * A chunk reached only as the fallback copy of a shared package (react, the router…), or only from
 * such a copy (the zip reader of @imprest/ui's copy), never runs when the shell provides that
 * package: leaving it out spares a phone about 500 KB of downloads.
 */
function fallbackTest(chunkGraph) {
  const memo = new Map();
  const isFallback = (chunk) => {
    if (memo.has(chunk)) return memo.get(chunk);
    memo.set(chunk, false); // a cycle counts as needed
    let fallback = true;
    for (const group of chunk.groupsIterable) {
      const origins = group.origins ?? [];
      const needed =
        origins.length === 0 ||
        origins.some((origin) => {
          if (!origin.module) return true;
          if (SHARED_MODULES.has(origin.module.constructor.name)) return false;
          return chunkGraph.getModuleChunks(origin.module).some((from) => !isFallback(from));
        });
      if (needed) fallback = false;
    }
    memo.set(chunk, fallback);
    return fallback;
  };
  return isFallback;
}

class OfflineFilesPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('OfflineFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'OfflineFilesPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        () => {
          const files = new Set();
          const isSharedFallback = fallbackTest(compilation.chunkGraph);
          for (const chunk of compilation.chunks) {
            if (isSharedFallback(chunk)) continue;
            for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
          }
          // remoteEntry.js is fetched fresh each time (network first); the list holds the hashed chunks
          files.delete('remoteEntry.js');
          compilation.emitAsset('offline-files.json', new RawSource(JSON.stringify([...files].sort())));
        },
      );
    });
  }
}

module.exports = { OfflineFilesPlugin };
