// Emits offline-files.json: the JavaScript a remote runs, so the shell can cache a whole section
// in the background after sign-in and the section opens offline without having been visited; and
// start-files.json: what its App needs to render at all (startFiles).
const SHARED_MODULES = new Set(['ConsumeSharedModule', 'ProvideSharedModule']);

/**
 * The chunks holding the remote's own code: every module reached from the container (its exposed
 * App) through imports, static or dynamic, without entering a shared module. A shared package's
 * fallback copy (react, the router…) is reached only through its shared module and never runs
 * when the shell provides the package: leaving those chunks out spares a phone about 500 KB.
 */
function ownChunks(compilation) {
  const { moduleGraph, chunkGraph } = compilation;
  const seen = new Set();
  const queue = [...compilation.modules].filter((m) => m.constructor.name === 'ContainerEntryModule');
  while (queue.length > 0) {
    const module = queue.pop();
    if (seen.has(module)) continue;
    seen.add(module);
    for (const connection of moduleGraph.getOutgoingConnections(module)) {
      const target = connection.module;
      if (target && !seen.has(target) && !SHARED_MODULES.has(target.constructor.name)) queue.push(target);
    }
  }
  const chunks = new Set();
  for (const module of seen) for (const chunk of chunkGraph.getModuleChunks(module)) chunks.add(chunk);
  return chunks;
}

/**
 * The files the exposed App needs before it renders: its own chunk group (the App and what it
 * imports statically), not the pages it loads lazily nor shared fallbacks. The shell's boot.js
 * fetches them ahead beside remoteEntry.js, instead of once that has run and asked for them.
 */
function startFiles(compilation) {
  const { chunkGraph } = compilation;
  const files = new Set();
  for (const container of [...compilation.modules].filter((m) => m.constructor.name === 'ContainerEntryModule')) {
    for (const block of container.blocks) {
      const group = chunkGraph.getBlockChunkGroup(block);
      for (const chunk of group?.chunks ?? []) for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
    }
  }
  return [...files].sort();
}

class OfflineFilesPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('OfflineFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'OfflineFilesPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        () => {
          const files = new Set();
          for (const chunk of ownChunks(compilation)) {
            for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
          }
          // remoteEntry.js is fetched fresh each time (network first); the list holds the hashed chunks
          files.delete('remoteEntry.js');
          compilation.emitAsset('offline-files.json', new RawSource(JSON.stringify([...files].sort())));
          compilation.emitAsset('start-files.json', new RawSource(JSON.stringify(startFiles(compilation))));
        },
      );
    });
  }
}

module.exports = { OfflineFilesPlugin };
